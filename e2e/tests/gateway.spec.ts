import { expect, test } from '@playwright/test';
import { connect } from 'node:net';
import { E2E_PORT } from '../support/ports';

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
): Promise<{ status: number; text: string }> {
  return new Promise((resolve, reject) => {
    const socket = connect(E2E_PORT, '127.0.0.1');
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
