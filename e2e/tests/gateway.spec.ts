import { expect, test } from '../support/test';
import { createHash } from 'node:crypto';
import { request as httpRequest } from 'node:http';
import { connect } from 'node:net';
import { buildGateway } from '../../scripts/gateway.mjs';
import { E2E_PORT, PROXY_GATEWAY_PORT } from '../support/ports';
import { registerCompany } from '../support/session';

// The one URL's gateway in front of the API: over-size and hostile bodies get the API's kind of
// answer (a 4xx with the one error shape), never a 500 or a dropped connection.
/**
 * A raw HTTP/1.1 request over a socket: the answer is read as it arrives, so a server that answers
 * and closes before a refused body is fully written still counts (that is allowed HTTP), and a
 * write error after it does not hide it.
 */
function send(
  headers: Record<string, string>,
  body: Buffer | null,
  chunked = false,
  port = E2E_PORT,
): Promise<{ status: number; text: string }> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1');
    let received = '';
    let done = false;
    /** The final answer (after any 100 Continue), once its whole body has arrived. */
    const answer = () => {
      const final = received.replace(/^(HTTP\/1\.1 1\d\d[^\r]*\r\n(?:[^\r]+\r\n)*\r\n)+/, '');
      const split = final.indexOf('\r\n\r\n');
      if (split < 0) return null;
      const status = Number(/^HTTP\/1\.1 (\d{3})/.exec(final)?.[1] ?? 0);
      const length = Number(/\r\ncontent-length: (\d+)/i.exec(final.slice(0, split))?.[1] ?? NaN);
      const text = final.slice(split + 4);
      return status && (Number.isNaN(length) || Buffer.byteLength(text, 'latin1') >= length) ? { status, text } : null;
    };
    const finish = () => {
      if (done) return;
      const a = answer();
      if (!a) return;
      done = true;
      socket.destroy();
      resolve(a);
    };
    socket.on('data', (d: Buffer) => {
      received += d.toString('latin1');
      finish();
    });
    socket.on('error', () => undefined); // a write after the answer; the answer decides
    socket.on('close', () => {
      finish();
      if (!done) reject(new Error(`no answer: ${received.slice(0, 200)}`));
    });
    const lines = [`POST /api/auth/login HTTP/1.1`, `Host: 127.0.0.1:${E2E_PORT}`, 'Connection: close'];
    for (const [k, v] of Object.entries(headers)) lines.push(`${k}: ${v}`);
    socket.write(`${lines.join('\r\n')}\r\n\r\n`);
    // As a careful client does: a megabyte at a time, stopping as soon as the answer is in
    // (writing on would make the server's close a reset, which can drop the answer unread).
    void (async () => {
      if (!body) return;
      const size = 1024 * 1024;
      for (let i = 0; i < body.length && !done && !socket.destroyed; i += size) {
        const part = body.subarray(i, i + size);
        socket.write(
          chunked ? Buffer.concat([Buffer.from(`${part.length.toString(16)}\r\n`), part, Buffer.from('\r\n')]) : part,
        );
        await new Promise((r) => setTimeout(r, 10));
      }
      if (chunked && !done && !socket.destroyed) socket.write('0\r\n\r\n');
    })();
  });
}

/** The JSON of an answer, whether or not it came chunked. */
const json = (text: string) => JSON.parse(text.slice(text.indexOf('{'), text.lastIndexOf('}') + 1));

test('a body over the gateway limit is a 413, announced or chunked', async () => {
  const big = Buffer.alloc(17 * 1024 * 1024, 'a');
  // Announced: the refusal comes from the header alone, before any of the body is sent.
  const announced = await send({ 'content-type': 'application/json', 'content-length': String(big.length) }, null);
  expect(announced.status).toBe(413);
  expect(json(announced.text)).toMatchObject({ statusCode: 413, message: expect.stringMatching(/larger than/) });
  const chunked = await send({ 'content-type': 'application/json', 'transfer-encoding': 'chunked' }, big, true);
  expect(chunked.status).toBe(413);
});

test('a body over the API route’s limit is the API’s 413 through the gateway, not a 500', async () => {
  const body = Buffer.from(JSON.stringify({ userName: 'a'.repeat(200_000), password: 'x' }));
  const res = await send({ 'content-type': 'application/json', 'content-length': String(body.length) }, body);
  expect(res.status).toBe(413);
});

test('Expect: 100-continue gets the API’s answer', async () => {
  const body = Buffer.from(JSON.stringify({ userName: 'nobody-here', password: 'wrong-password' }));
  const res = await send(
    { 'content-type': 'application/json', 'content-length': String(body.length), expect: '100-continue' },
    body,
  );
  expect(res.status).toBe(401);
  expect(json(res.text).code).toBe('INVALID_CREDENTIALS');
});

test('JSON nested 5,000 levels deep is a 400 through the gateway', async () => {
  const body = Buffer.from('['.repeat(5000) + ']'.repeat(5000));
  const res = await send({ 'content-type': 'application/json', 'content-length': String(body.length) }, body);
  expect(res.status).toBe(400);
});

/** A whole body sent at once, as a browser sends it: the status, or how the request failed. */
function post(body: Buffer): Promise<number | string> {
  return new Promise((resolve) => {
    const req = httpRequest(
      {
        host: '127.0.0.1',
        port: E2E_PORT,
        method: 'POST',
        path: '/api/auth/login',
        headers: { 'content-type': 'application/json', 'content-length': body.length },
      },
      (res) => {
        res.resume();
        res.on('end', () => resolve(res.statusCode ?? 0));
        res.on('error', (error) => resolve(error.message));
      },
    );
    req.on('error', (error: NodeJS.ErrnoException) => resolve(error.code ?? error.message));
    req.end(body);
  });
}

test('12 bodies of 6 MB sent at once all get 413, none a 502 or a reset', async () => {
  const big = Buffer.alloc(6 * 1024 * 1024, 'a');
  const answers = await Promise.all(Array.from({ length: 12 }, () => post(big)));
  expect(answers).toEqual(Array(12).fill(413));
});

test.describe('a gateway behind a TLS proxy (TRUST_PROXY)', () => {
  // A second gateway in front of the same API, as `TRUST_PROXY=loopback REQUEST_TIMEOUT_SECONDS=2
  // npm start` would build it; this machine stands for the proxy, X-Forwarded-For for its clients.
  const PROXIED_PORT = PROXY_GATEWAY_PORT;
  let gateway: Awaited<ReturnType<typeof buildGateway>>;
  test.beforeAll(async () => {
    gateway = await buildGateway({
      apiUrl: `http://127.0.0.1:${E2E_PORT + 1}`,
      trustProxy: 'loopback',
      requestTimeoutSeconds: 2,
    });
    await gateway.listen({ port: PROXIED_PORT, host: '127.0.0.1' });
  });
  test.afterAll(() => gateway.close());

  const loginFrom = (client: string, userName: string, password: string) => {
    const body = Buffer.from(JSON.stringify({ userName, password }));
    return send(
      { 'content-type': 'application/json', 'content-length': String(body.length), 'x-forwarded-for': client },
      body,
      false,
      PROXIED_PORT,
    );
  };

  test('two clients behind the proxy are throttled separately', async ({ request }) => {
    const company = await registerCompany(request);
    // The product's default: 10 failures for one account from one address, then that address waits.
    for (let i = 0; i < 10; i++)
      expect((await loginFrom('198.51.100.7', company.userName, 'wrong-password')).status).toBe(401);
    expect((await loginFrom('198.51.100.7', company.userName, company.password)).status).toBe(429);
    // Another client of the same proxy still signs in.
    expect((await loginFrom('198.51.100.8', company.userName, company.password)).status).toBe(200);
  });

  test('a body that trickles in is cut off by the request timeout with a 408', async () => {
    const answer = await new Promise<string>((resolve) => {
      const socket = connect(PROXIED_PORT, '127.0.0.1');
      let received = '';
      socket.on('data', (d: Buffer) => (received += d.toString('latin1')));
      socket.on('error', () => undefined);
      const drip = setInterval(() => !socket.destroyed && socket.write(' '), 1000);
      socket.on('close', () => {
        clearInterval(drip);
        resolve(received);
      });
      socket.write(
        `POST /api/auth/login HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{`,
      );
    });
    expect(answer).toMatch(/^HTTP\/1\.1 408/);
  });
});

test.describe('Content-Security-Policy of the documents', () => {
  const directives = (policy: string) =>
    Object.fromEntries(
      policy.split(';').map((part) => {
        const [name, ...values] = part.trim().split(/\s+/);
        return [name!, values];
      }),
    );

  for (const path of ['/', '/login', '/dashboard']) {
    test(`${path} allows its own inline scripts by hash and nothing inline else`, async ({ request }) => {
      const res = await request.get(path, { headers: { accept: 'text/html' } });
      expect(res.status()).toBe(200);
      const policy = res.headers()['content-security-policy'];
      expect(policy, 'the document carries a policy').toBeTruthy();
      const d = directives(policy!);
      expect(d['default-src']).toEqual(["'self'"]);
      expect(d['object-src']).toEqual(["'none'"]);
      expect(d['base-uri']).toEqual(["'none'"]);
      expect(d['frame-ancestors']).toEqual(["'none'"]);
      expect(d['script-src']).toContain("'self'");
      expect(d['script-src']).not.toContain("'unsafe-inline'");
      expect(d['script-src']).not.toContain("'unsafe-eval'");
      // Not configured on this server: no Google, no Stripe.
      expect(policy).not.toMatch(/google|stripe/);
      const html = await res.text();
      const inline = [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/g)]
        .filter((m) => !/\bsrc=/.test(m[1]!))
        .map((m) => `'sha256-${createHash('sha256').update(m[2]!).digest('base64')}'`);
      if (path !== '/dashboard') expect(inline.length).toBeGreaterThan(0); // the prerendered pages' scripts
      for (const hash of inline) expect(d['script-src']).toContain(hash);
    });
  }

  test('a remote on another origin is allowed exactly as remotes.json names it', async () => {
    const gateway = await buildGateway({
      remotesJson: { mfe_billing: 'https://cdn.example.com/billing/2026-11-22.1/mf-manifest.json' },
    });
    try {
      const res = await gateway.inject({ url: '/pricing', headers: { accept: 'text/html' } });
      const d = directives(String(res.headers['content-security-policy']));
      for (const name of ['script-src', 'style-src', 'connect-src', 'font-src', 'img-src'])
        expect(d[name], name).toContain('https://cdn.example.com');
      expect(d['frame-src']).not.toContain('https://cdn.example.com');
      // No other origin: what remotes.json names and this origin's own files.
      expect(d['script-src']!.filter((v) => v.startsWith('http'))).toEqual(['https://cdn.example.com']);
    } finally {
      await gateway.close();
    }
  });

  test('a script injected into a page does not run, and the violation is caught', async ({ page, cspViolations }) => {
    await page.goto('/login');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    const ran = await page.evaluate(() => {
      const script = document.createElement('script');
      script.textContent = 'window.__injected = true';
      document.head.append(script);
      return (window as unknown as { __injected?: boolean }).__injected === true;
    });
    expect(ran).toBe(false);
    // Both reports: the page's securitypolicyviolation event and Chromium's console error.
    await expect
      .poll(() =>
        [/script-src(-elem)? refused inline/, /Content Security Policy/].map((r) =>
          cspViolations.some((v) => r.test(v)),
        ),
      )
      .toEqual([true, true]);
    // This test wanted that violation; the shared check fails every other test on one.
    cspViolations.length = 0;
  });
});
