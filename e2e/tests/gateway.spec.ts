import { expect, test } from '@playwright/test';
import { request as httpRequest } from 'node:http';
import { E2E_PORT } from '../support/ports';

// The one URL's gateway in front of the API: over-size and hostile bodies get the API's kind of
// answer (a 4xx with the one error shape), never a 500 or a dropped connection.
function send(
  headers: Record<string, string>,
  body: Buffer | null,
  chunks = 1,
): Promise<{ status: number; text: string }> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      { host: '127.0.0.1', port: E2E_PORT, method: 'POST', path: '/api/auth/login', headers },
      (res) => {
        let text = '';
        res.on('data', (d: Buffer) => (text += d.toString()));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, text }));
      },
    );
    // The gateway may answer and close before a refused body is fully sent: the answer counts.
    let answered = false;
    req.on('response', () => (answered = true));
    req.on('error', (error) => (answered ? undefined : reject(error)));
    if (body) {
      const size = Math.ceil(body.length / chunks);
      for (let i = 0; i < chunks; i++) req.write(body.subarray(i * size, (i + 1) * size));
    }
    req.end();
  });
}

test('a body over the gateway limit is a 413, announced or chunked', async () => {
  const big = Buffer.alloc(17 * 1024 * 1024, 'a');
  const announced = await send({ 'content-type': 'application/json', 'content-length': String(big.length) }, big);
  expect(announced.status).toBe(413);
  expect(JSON.parse(announced.text)).toMatchObject({ statusCode: 413, message: expect.stringMatching(/larger than/) });
  const chunked = await send({ 'content-type': 'application/json', 'transfer-encoding': 'chunked' }, big, 20);
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
  expect(JSON.parse(res.text).code).toBe('INVALID_CREDENTIALS');
});

test('JSON nested 5,000 levels deep is a 400 through the gateway', async () => {
  const body = Buffer.from('['.repeat(5000) + ']'.repeat(5000));
  const res = await send({ 'content-type': 'application/json', 'content-length': String(body.length) }, body);
  expect(res.status).toBe(400);
});
