import { createServer } from 'node:net';
import { StorageClient } from '@supabase/storage-js';
import { closeShared, registerCompany, testApp, type Tenant, type TestContext } from './helpers.js';

// The real @supabase/storage-js against the embedded Storage stand-in, over real HTTP.
const PNG = Buffer.from('89504e470d0a1a0a0000000d4948445200000001000000010806000000', 'hex');
const JPEG = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 0x10, 0x4a, 0x46, 0x49, 0x46]);

let ctx: TestContext;
let base: string;
let a: Tenant;
let b: Tenant;
const client = (token?: string) =>
  new StorageClient(`${base}/storage/v1`, { apikey: 'anon', ...(token ? { Authorization: `Bearer ${token}` } : {}) });

async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const s = createServer().listen(0, '127.0.0.1', () => {
      const port = (s.address() as { port: number }).port;
      s.close(() => resolve(port));
    });
  });
}

beforeAll(async () => {
  const port = await freePort();
  base = `http://127.0.0.1:${port}`;
  ctx = await testApp({ PUBLIC_URL: base });
  await ctx.app.listen({ port, host: '127.0.0.1' });
  a = await registerCompany(ctx.app);
  b = await registerCompany(ctx.app);
});
afterAll(async () => {
  await ctx.close();
  await closeShared();
});

test('upload (Blob → multipart) into ItemImages, public URL serves the bytes, list and remove', async () => {
  const bucket = client(a.token).from('ItemImages');
  const path = `${a.companyId}/items/123456.png`;
  const up = await bucket.upload(path, new Blob([PNG], { type: 'image/png' }));
  expect(up.error).toBeNull();
  expect(up.data).toMatchObject({ path, fullPath: `ItemImages/${path}` });
  const { data: pub } = bucket.getPublicUrl(path);
  expect(pub.publicUrl).toBe(`${base}/storage/v1/object/public/ItemImages/${path}`);
  const res = await fetch(pub.publicUrl);
  expect(res.status).toBe(200);
  expect(res.headers.get('content-type')).toBe('image/png');
  expect(Buffer.from(await res.arrayBuffer()).equals(PNG)).toBe(true);
  const list = await bucket.list(`${a.companyId}/items`);
  expect(list.error).toBeNull();
  expect(list.data!.map((o) => o.name)).toEqual(['123456.png']);
  const removed = await bucket.remove([path]);
  expect(removed.error).toBeNull();
  expect(removed.data!.map((o) => o.name)).toEqual([path]);
  expect((await fetch(pub.publicUrl)).status).toBe(404);
});

test('company-logos: raw Buffer upload, second upload without upsert is a Duplicate, with upsert replaces', async () => {
  const bucket = client(a.token).from('company-logos');
  const path = `${a.companyId}/logo.jpg`;
  expect((await bucket.upload(path, PNG, { contentType: 'image/png' })).error).toBeNull();
  const dup = await bucket.upload(path, JPEG, { contentType: 'image/jpeg' });
  expect(dup.error?.message).toBe('The resource already exists');
  expect((await bucket.upload(path, JPEG, { contentType: 'image/jpeg', upsert: true })).error).toBeNull();
  const res = await fetch(bucket.getPublicUrl(path).data.publicUrl);
  expect(res.headers.get('content-type')).toBe('image/jpeg');
});

test('writes need a valid app token and stay inside the caller’s company folder', async () => {
  const anon = await client().from('ItemImages').upload(`${a.companyId}/x.png`, PNG, { contentType: 'image/png' });
  expect(anon.error).not.toBeNull();
  expect((anon.error as { status?: number }).status).toBe(401);
  const forged = await client('not.a.token')
    .from('ItemImages')
    .upload(`${a.companyId}/x.png`, PNG, { contentType: 'image/png' });
  expect((forged.error as { status?: number }).status).toBe(401);
  const cross = await client(b.token)
    .from('ItemImages')
    .upload(`${a.companyId}/evil.png`, PNG, { contentType: 'image/png' });
  expect((cross.error as { status?: number }).status).toBe(403);
  const root = await client(b.token).from('ItemImages').upload(`evil.png`, PNG, { contentType: 'image/png' });
  expect((root.error as { status?: number }).status).toBe(403);
  // B cannot list or remove A's objects
  const path = `${a.companyId}/keep.png`;
  await client(a.token).from('ItemImages').upload(path, PNG, { contentType: 'image/png' });
  expect((await client(b.token).from('ItemImages').list(a.companyId)).error).not.toBeNull();
  const rm = await client(b.token).from('ItemImages').remove([path]);
  expect(rm.data).toEqual([]);
  expect((await fetch(`${base}/storage/v1/object/public/ItemImages/${path}`)).status).toBe(200);
});

test('images only, at most 5 MB, known buckets, no path tricks', async () => {
  const bucket = client(a.token).from('ItemImages');
  const html = await bucket.upload(`${a.companyId}/page.png`, Buffer.from('<html><script>alert(1)</script>'), {
    contentType: 'image/png',
  });
  expect((html.error as { status?: number }).status).toBe(415);
  const svg = await bucket.upload(
    `${a.companyId}/x.svg`,
    new Blob(['<svg xmlns="http://www.w3.org/2000/svg"/>'], { type: 'image/svg+xml' }),
  );
  expect((svg.error as { status?: number }).status).toBe(415);
  const big = Buffer.concat([PNG, Buffer.alloc(5 * 1024 * 1024)]);
  const tooBig = await bucket.upload(`${a.companyId}/big.png`, new Blob([big], { type: 'image/png' }));
  expect((tooBig.error as { status?: number }).status).toBe(413);
  const other = await client(a.token).from('secrets').upload(`${a.companyId}/x.png`, PNG, { contentType: 'image/png' });
  expect((other.error as { status?: number }).status).toBe(404);
  const res = await fetch(`${base}/storage/v1/object/public/ItemImages/${a.companyId}/..%2F..%2F..%2Fpglite`);
  expect(res.status).toBeGreaterThanOrEqual(400);
  expect(res.status).toBeLessThan(500);
});
