import { createServer } from 'node:net';
import { crc32 } from 'node:zlib';
import { StorageClient } from '@supabase/storage-js';
import sharp from 'sharp';
import { inTenant } from '../src/db/tenant.js';
import { UPLOAD_RATE } from '../src/modules/storage/keys.js';
import type { ObjectStore } from '../src/modules/storage/object-store.js';
import { logoForPrint } from '../src/modules/storage/print-image.js';
import { STORAGE_LIMIT_BYTES } from '../src/modules/subscriptions/plan-limits.js';
import { addUser, bearer, closeShared, registerCompany, testApp, type Tenant, type TestContext } from './helpers.js';

// The real @supabase/storage-js against the embedded Storage stand-in, over real HTTP.
const image = (format: 'png' | 'jpeg', width = 4, height = 3) => {
  const canvas = sharp({ create: { width, height, channels: 3, background: '#3a7' } });
  return (format === 'png' ? canvas.png() : canvas.jpeg()).toBuffer();
};
let PNG: Buffer;
let JPEG: Buffer;

let ctx: TestContext;
let base: string;
let a: Tenant;
let b: Tenant;
const client = (token?: string) =>
  new StorageClient(`${base}/storage/v1`, { apikey: 'anon', ...(token ? { Authorization: `Bearer ${token}` } : {}) });
const status = (error: unknown) => (error as { status?: number } | null)?.status;
const publicUrl = (bucket: string, path: string) => `${base}/storage/v1/object/public/${bucket}/${path}`;

async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const s = createServer().listen(0, '127.0.0.1', () => {
      const port = (s.address() as { port: number }).port;
      s.close(() => resolve(port));
    });
  });
}

beforeAll(async () => {
  PNG = await image('png');
  JPEG = await image('jpeg');
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

const usage = async (t: Tenant) =>
  (await ctx.app.inject({ url: '/api/billing/usage', headers: bearer(t.token) })).json() as {
    storage: { used: number; max: number };
  };

test('upload (Blob → multipart) into ItemImages, public URL serves the image, list and remove', async () => {
  const bucket = client(a.token).from('ItemImages');
  const path = `${a.companyId}/items/123456.png`;
  const up = await bucket.upload(path, new Blob([PNG], { type: 'image/png' }));
  expect(up.error).toBeNull();
  expect(up.data).toMatchObject({ path, fullPath: `ItemImages/${path}` });
  const { data: pub } = bucket.getPublicUrl(path);
  expect(pub.publicUrl).toBe(publicUrl('ItemImages', path));
  const res = await fetch(pub.publicUrl);
  expect(res.status).toBe(200);
  expect(res.headers.get('content-type')).toBe('image/png');
  const served = await sharp(Buffer.from(await res.arrayBuffer())).metadata();
  expect(served).toMatchObject({ format: 'png', width: 4, height: 3 });
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
  const anon = await client()
    .from('ItemImages')
    .upload(`${a.companyId}/items/x.png`, PNG, { contentType: 'image/png' });
  expect(anon.error).not.toBeNull();
  expect(status(anon.error)).toBe(401);
  const forged = await client('not.a.token')
    .from('ItemImages')
    .upload(`${a.companyId}/items/x.png`, PNG, { contentType: 'image/png' });
  expect(status(forged.error)).toBe(401);
  const cross = await client(b.token)
    .from('ItemImages')
    .upload(`${a.companyId}/items/evil.png`, PNG, { contentType: 'image/png' });
  expect(status(cross.error)).toBe(403);
  const root = await client(b.token).from('ItemImages').upload(`evil.png`, PNG, { contentType: 'image/png' });
  expect(status(root.error)).toBe(403);
  // B cannot list or remove A's objects
  const path = `${a.companyId}/items/keep.png`;
  await client(a.token).from('ItemImages').upload(path, PNG, { contentType: 'image/png' });
  expect((await client(b.token).from('ItemImages').list(a.companyId)).error).not.toBeNull();
  const rm = await client(b.token).from('ItemImages').remove([path]);
  expect(rm.data).toEqual([]);
  expect((await fetch(publicUrl('ItemImages', path))).status).toBe(200);
});

test('images only, at most 5 MB, known buckets, no path tricks', async () => {
  const bucket = client(a.token).from('ItemImages');
  const html = await bucket.upload(`${a.companyId}/items/page.png`, Buffer.from('<html><script>alert(1)</script>'), {
    contentType: 'image/png',
  });
  expect(status(html.error)).toBe(415);
  const svg = await bucket.upload(
    `${a.companyId}/items/x.svg`,
    new Blob(['<svg xmlns="http://www.w3.org/2000/svg"/>'], { type: 'image/svg+xml' }),
  );
  expect(status(svg.error)).toBe(415);
  const big = Buffer.concat([PNG, Buffer.alloc(5 * 1024 * 1024)]);
  const tooBig = await bucket.upload(`${a.companyId}/items/big.png`, new Blob([big], { type: 'image/png' }));
  expect(status(tooBig.error)).toBe(413);
  const other = await client(a.token).from('secrets').upload(`${a.companyId}/x.png`, PNG, { contentType: 'image/png' });
  expect(status(other.error)).toBe(404);
  const res = await fetch(`${base}/storage/v1/object/public/ItemImages/${a.companyId}/..%2F..%2F..%2Fpglite`);
  expect(res.status).toBeGreaterThanOrEqual(400);
  expect(res.status).toBeLessThan(500);
});

test('an object cannot take the place of a folder of the layout, so later uploads still work', async () => {
  const t = await registerCompany(ctx.app);
  const photos = client(t.token).from('ItemImages');
  const logos = client(t.token).from('company-logos');
  for (const [bucket, key] of [
    [photos, t.companyId],
    [photos, `${t.companyId}/items`],
    [photos, `${t.companyId}/items/1.png/2.png`],
    [logos, t.companyId],
    [logos, `${t.companyId}/profile-pictures`],
    [logos, `${t.companyId}/profile-pictures/${t.userId}`],
    [logos, `${t.companyId}/folder/logo.png`],
  ] as const) {
    const up = await bucket.upload(key, PNG, { contentType: 'image/png' });
    expect(status(up.error)).toBe(403);
  }
  expect((await photos.upload(`${t.companyId}/items/1.png`, PNG, { contentType: 'image/png' })).error).toBeNull();
  expect((await logos.upload(`${t.companyId}/logo.png`, PNG, { contentType: 'image/png' })).error).toBeNull();
  const picture = `${t.companyId}/profile-pictures/${t.userId}/me.png`;
  expect((await logos.upload(picture, PNG, { contentType: 'image/png' })).error).toBeNull();
});

describe('item photos follow the item claims; the logo follows settings.manage', () => {
  let owner: Tenant;
  let nobody: Tenant; // a custom role with no claims at all
  let accountManager: Tenant; // customers only
  let viewerCo: Tenant;
  let viewer: Tenant; // Rapid Seller: items.view, no items.edit / items.receive
  let receiver: Tenant; // New Item Operator: items.view + items.receive
  const photo = (t: Tenant, name: string) => `${t.companyId}/items/${name}`;

  beforeAll(async () => {
    owner = await registerCompany(ctx.app);
    const role = await ctx.app.inject({
      method: 'POST',
      url: '/api/roles',
      headers: bearer(owner.token),
      payload: { name: 'Visitor' },
    });
    expect(role.statusCode).toBe(201);
    nobody = await addUser(ctx.app, owner, ['Visitor']);
    accountManager = await addUser(ctx.app, owner, ['Account Manager']);
    viewerCo = await registerCompany(ctx.app);
    viewer = await addUser(ctx.app, viewerCo, ['Rapid Seller']);
    receiver = await addUser(ctx.app, viewerCo, ['New Item Operator']);
  });

  test('a member without items.edit or items.receive cannot upload, overwrite, remove or (without items.view) list', async () => {
    const kept = photo(owner, '111.png');
    expect((await client(owner.token).from('ItemImages').upload(kept, PNG, { contentType: 'image/png' })).error).toBe(
      null,
    );
    for (const member of [nobody, accountManager]) {
      const bucket = client(member.token).from('ItemImages');
      const up = await bucket.upload(photo(owner, `${member.userId}.png`), PNG, { contentType: 'image/png' });
      expect(status(up.error)).toBe(403);
      expect(up.error?.message).toMatch(/items\.edit, items\.receive/);
      const overwrite = await bucket.update(kept, JPEG, { contentType: 'image/jpeg' });
      expect(status(overwrite.error)).toBe(403);
      const upsert = await bucket.upload(kept, JPEG, { contentType: 'image/jpeg', upsert: true });
      expect(status(upsert.error)).toBe(403);
      const listed = await bucket.list(`${owner.companyId}/items`);
      expect(status(listed.error)).toBe(403);
      expect(listed.error?.message).toMatch(/items\.view/);
      const removed = await bucket.remove([kept]);
      expect(status(removed.error)).toBe(403);
    }
    // what they could not touch is still there, unchanged
    const res = await fetch(publicUrl('ItemImages', kept));
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/png');
    expect((await fetch(publicUrl('ItemImages', photo(owner, `${nobody.userId}.png`)))).status).toBe(404);
  });

  test('items.view lists the photos but cannot change them; items.receive uploads and removes', async () => {
    const path = photo(viewerCo, '222.png');
    const byReceiver = client(receiver.token).from('ItemImages');
    expect((await byReceiver.upload(path, PNG, { contentType: 'image/png' })).error).toBeNull();
    const byViewer = client(viewer.token).from('ItemImages');
    const listed = await byViewer.list(`${viewerCo.companyId}/items`);
    expect(listed.error).toBeNull();
    expect(listed.data!.map((o) => o.name)).toEqual(['222.png']);
    expect(status((await byViewer.upload(photo(viewerCo, '333.png'), PNG, { contentType: 'image/png' })).error)).toBe(
      403,
    );
    expect(status((await byViewer.remove([path])).error)).toBe(403);
    expect((await fetch(publicUrl('ItemImages', path))).status).toBe(200);
    const removed = await byReceiver.remove([path]);
    expect(removed.data!.map((o) => o.name)).toEqual([path]);
  });

  test('the logo needs the settings.manage claim, whatever the role is called; own profile pictures need none', async () => {
    const logo = `${owner.companyId}/logo.png`;
    expect(
      status((await client(nobody.token).from('company-logos').upload(logo, PNG, { contentType: 'image/png' })).error),
    ).toBe(403);
    const roles = (await ctx.app.inject({ url: '/api/roles', headers: bearer(owner.token) })).json() as Array<{
      id: string;
      name: string;
    }>;
    const visitor = roles.find((r) => r.name === 'Visitor')!;
    const grant = await ctx.app.inject({
      method: 'PUT',
      url: `/api/roles/${visitor.id}/claims`,
      headers: bearer(owner.token),
      payload: { claims: [{ type: 'permission', value: 'settings.manage' }] },
    });
    expect(grant.statusCode).toBe(200);
    expect(
      (await client(nobody.token).from('company-logos').upload(logo, PNG, { contentType: 'image/png' })).error,
    ).toBeNull();
    // a settings manager still has no say over item photos
    const photoUp = await client(nobody.token)
      .from('ItemImages')
      .upload(photo(owner, '444.png'), PNG, { contentType: 'image/png' });
    expect(status(photoUp.error)).toBe(403);
    const picture = `${owner.companyId}/profile-pictures/${accountManager.userId}/me.png`;
    expect(
      (await client(accountManager.token).from('company-logos').upload(picture, PNG, { contentType: 'image/png' }))
        .error,
    ).toBeNull();
  });
});

describe('a product model’s image follows settings.manage, who writes the catalogue', () => {
  test('an Admin uploads and removes it under <company>/models; a Storekeeper (items.edit, no settings.manage) gets 403', async () => {
    const co = await registerCompany(ctx.app);
    const admin = await addUser(ctx.app, co, ['Admin']);
    const storekeeper = await addUser(ctx.app, co, ['Storekeeper']);
    const path = `${co.companyId}/models/777.png`;
    const refused = await client(storekeeper.token).from('ItemImages').upload(path, PNG, { contentType: 'image/png' });
    expect(status(refused.error)).toBe(403);
    expect(refused.error?.message).toMatch(/settings\.manage/);
    expect((await fetch(publicUrl('ItemImages', path))).status).toBe(404);

    const bucket = client(admin.token).from('ItemImages');
    expect((await bucket.upload(path, PNG, { contentType: 'image/png' })).error).toBeNull();
    const saved = await ctx.app.inject({
      method: 'POST',
      url: '/api/product-models',
      headers: bearer(admin.token),
      payload: { name: 'Pictured', itemTypeId: await generalType(admin), imagePath: path },
    });
    expect(saved.statusCode).toBe(201);
    expect(saved.json().imagePath).toBe(path);
    expect((await fetch(publicUrl('ItemImages', path))).status).toBe(200);
    expect(status((await client(storekeeper.token).from('ItemImages').remove([path])).error)).toBe(403);
    expect((await bucket.remove([path])).data!.map((o) => o.name)).toEqual([path]);
  });
});

const generalType = async (t: Tenant) =>
  ((await ctx.app.inject({ url: '/api/item-types', headers: bearer(t.token) })).json() as { items: { id: string }[] })
    .items[0]!.id;

describe('profile pictures and the logo cannot pile up in the company allowance', () => {
  const logos = (t: Tenant) => client(t.token).from('company-logos');
  const pictureOf = (t: Tenant, name: string) => `${t.companyId}/profile-pictures/${t.userId}/${name}`;
  const stored = async (path: string) => (await fetch(publicUrl('company-logos', path))).status;
  const saveProfilePicture = (t: Tenant, url: string | null) =>
    ctx.app.inject({
      method: 'PUT',
      url: '/api/auth/updateuser',
      headers: bearer(t.token),
      payload: { profilePictureUrl: url },
    });

  test('saving a new profile picture (or none) frees the previous one', async () => {
    const owner = await registerCompany(ctx.app);
    const member = await addUser(ctx.app, owner, ['Account Manager']);
    const first = pictureOf(member, '1.png');
    const second = pictureOf(member, '2.png');
    expect((await logos(member).upload(first, PNG, { contentType: 'image/png' })).error).toBeNull();
    expect((await saveProfilePicture(member, publicUrl('company-logos', first))).statusCode).toBe(200);
    const one = (await usage(owner)).storage.used;
    expect((await logos(member).upload(second, await image('png', 40, 40), { contentType: 'image/png' })).error).toBe(
      null,
    );
    expect((await saveProfilePicture(member, publicUrl('company-logos', second))).statusCode).toBe(200);
    expect(await stored(first)).toBe(404);
    expect(await stored(second)).toBe(200);
    expect((await usage(owner)).storage.used).not.toBe(one);
    expect((await saveProfilePicture(member, null)).statusCode).toBe(200);
    expect(await stored(second)).toBe(404);
    expect((await usage(owner)).storage.used).toBe(0);
  });

  test('saving a new logo frees the previous one', async () => {
    const owner = await registerCompany(ctx.app);
    const saveLogo = (logoPath: string | null) =>
      ctx.app.inject({
        method: 'PUT',
        url: `/api/company/${owner.companyId}`,
        headers: bearer(owner.token),
        payload: { logoPath },
      });
    for (const name of ['1.png', '2.png']) {
      expect((await logos(owner).upload(`${owner.companyId}/${name}`, PNG, { contentType: 'image/png' })).error).toBe(
        null,
      );
      expect((await saveLogo(`${owner.companyId}/${name}`)).statusCode).toBe(200);
    }
    expect(await stored(`${owner.companyId}/1.png`)).toBe(404);
    expect(await stored(`${owner.companyId}/2.png`)).toBe(200);
    const one = (await usage(owner)).storage.used;
    expect(one).toBeGreaterThan(0);
    expect((await saveLogo(null)).statusCode).toBe(200);
    expect(await stored(`${owner.companyId}/2.png`)).toBe(404);
    expect((await usage(owner)).storage.used).toBe(0);
  });

  test('a user keeps at most the saved picture and one new upload', async () => {
    const owner = await registerCompany(ctx.app);
    const member = await addUser(ctx.app, owner, ['Account Manager']);
    const saved = pictureOf(member, 'saved.png');
    expect((await logos(member).upload(saved, PNG, { contentType: 'image/png' })).error).toBeNull();
    expect((await saveProfilePicture(member, publicUrl('company-logos', saved))).statusCode).toBe(200);
    for (let i = 0; i < 5; i++) {
      expect((await logos(member).upload(pictureOf(member, `${i}.png`), PNG, { contentType: 'image/png' })).error).toBe(
        null,
      );
    }
    const listed = await logos(member).list(`${owner.companyId}/profile-pictures/${member.userId}`);
    expect(listed.data!.map((o) => o.name).sort()).toEqual(['4.png', 'saved.png']);
    const size = listed.data![0]!.metadata!.size as number;
    expect((await usage(owner)).storage.used).toBe(2 * size);
  });

  test('users.manage or settings.manage removes another member’s pictures, also once deactivated; others cannot', async () => {
    const owner = await registerCompany(ctx.app);
    const member = await addUser(ctx.app, owner, ['Account Manager']);
    const colleague = await addUser(ctx.app, owner, ['Account Manager']);
    const picture = pictureOf(member, 'me.png');
    expect((await logos(member).upload(picture, PNG, { contentType: 'image/png' })).error).toBeNull();
    expect((await saveProfilePicture(member, publicUrl('company-logos', picture))).statusCode).toBe(200);
    const refused = await logos(colleague).remove([picture]);
    expect(status(refused.error)).toBe(403);
    expect(refused.error?.message).toMatch(/users\.manage, settings\.manage/);
    expect(await stored(picture)).toBe(200);
    const off = await ctx.app.inject({
      method: 'POST',
      url: `/api/users/${member.userId}/deactivate`,
      headers: bearer(owner.token),
    });
    expect(off.statusCode).toBe(200);
    const removed = await logos(owner).remove([picture]);
    expect(removed.data!.map((o) => o.name)).toEqual([picture]);
    expect(await stored(picture)).toBe(404);
    expect((await usage(owner)).storage.used).toBe(0);
    // the removed picture is no longer shown as the member's
    const shown = await ctx.app.inject({
      url: `/api/auth/profile-picture/${member.userId}`,
      headers: bearer(owner.token),
    });
    expect(shown.statusCode).toBe(404);
  });
});

describe('claims are checked again when the body has arrived', () => {
  /**
   * Starts a raw upload whose body is held open until `finish` is called; resolves `admitted` once
   * the early check has let it in (it counted one upload for the user).
   */
  function heldUpload(t: Tenant, key: string) {
    let send!: (chunk: Uint8Array | null) => void;
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        send = (chunk) => (chunk ? controller.enqueue(chunk) : controller.close());
      },
    });
    send(new Uint8Array(PNG.subarray(0, 8)));
    const response = fetch(`${base}/storage/v1/object/ItemImages/${key}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${t.token}`, 'content-type': 'image/png' },
      body,
      duplex: 'half',
    } as RequestInit);
    const admitted = (async () => {
      for (;;) {
        const [row] = await ctx.db.transaction((q) =>
          q.query<{ n: number }>(`SELECT count(*)::int AS n FROM rate_limit_events WHERE key = $1`, [
            `storage-upload:${t.userId}`,
          ]),
        );
        if (row!.n > 0) return;
        await new Promise((r) => setImmediate(r));
      }
    })();
    const finish = () => {
      send(new Uint8Array(PNG.subarray(8)));
      send(null);
      return response;
    };
    return { admitted, finish };
  }

  test('a user deactivated or losing items.receive while the body uploads stores nothing', async () => {
    const owner = await registerCompany(ctx.app);
    for (const change of ['deactivate', 'roles'] as const) {
      const member = await addUser(ctx.app, owner, ['New Item Operator']);
      const key = `${owner.companyId}/items/${change}.png`;
      const upload = heldUpload(member, key);
      await upload.admitted;
      const res =
        change === 'deactivate'
          ? await ctx.app.inject({
              method: 'POST',
              url: `/api/users/${member.userId}/deactivate`,
              headers: bearer(owner.token),
            })
          : await ctx.app.inject({
              method: 'PUT',
              url: `/api/users/${member.userId}/roles`,
              headers: bearer(owner.token),
              payload: { roles: ['Account Manager'] },
            });
      expect(res.statusCode).toBe(200);
      const refused = await upload.finish();
      expect([401, 403]).toContain(refused.status);
      expect((await fetch(publicUrl('ItemImages', key))).status).toBe(404);
    }
    expect((await usage(owner)).storage.used).toBe(0);
  });
});

describe('what is stored is a decoded, re-encoded image', () => {
  test('a JPEG with EXIF (GPS position, copyright) is stored without any of it', async () => {
    const withGps = await sharp({ create: { width: 64, height: 48, channels: 3, background: '#c33' } })
      .jpeg()
      .withExif({
        IFD0: { Copyright: 'Secret Warehouse 7' },
        IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '41/1 0/1 0/1', GPSLongitudeRef: 'E', GPSLongitude: '28/1 58/1 0/1' },
      })
      .toBuffer();
    const exif = (await sharp(withGps).metadata()).exif!;
    expect(exif.includes(Buffer.from([0x25, 0x88]))).toBe(true); // the GPS IFD pointer (tag 0x8825) is there
    const path = `${a.companyId}/items/gps.jpg`;
    expect((await client(a.token).from('ItemImages').upload(path, withGps, { contentType: 'image/jpeg' })).error).toBe(
      null,
    );
    const stored = Buffer.from(await (await fetch(publicUrl('ItemImages', path))).arrayBuffer());
    const meta = await sharp(stored).metadata();
    expect(meta).toMatchObject({ format: 'jpeg', width: 64, height: 48 });
    expect(meta.exif).toBeUndefined();
    expect(stored.includes('Secret Warehouse')).toBe(false);
  });

  test('an image header followed by garbage is refused, and nothing is stored', async () => {
    const bucket = client(a.token).from('ItemImages');
    const fake = Buffer.concat([PNG.subarray(0, 16), Buffer.from('<?php system($_GET["c"]); ?>'.repeat(20))]);
    const up = await bucket.upload(`${a.companyId}/items/fake.png`, fake, { contentType: 'image/png' });
    expect(status(up.error)).toBe(422);
    expect(up.error?.message).toMatch(/not a readable image/);
    const truncated = await bucket.upload(`${a.companyId}/items/cut.jpg`, JPEG.subarray(0, JPEG.length - 40), {
      contentType: 'image/jpeg',
    });
    expect(status(truncated.error)).toBe(422);
    expect((await fetch(publicUrl('ItemImages', `${a.companyId}/items/fake.png`))).status).toBe(404);
    expect((await fetch(publicUrl('ItemImages', `${a.companyId}/items/cut.jpg`))).status).toBe(404);
  });

  test('a decompression bomb (a small file claiming huge pixel dimensions) is refused before it is decoded', async () => {
    // A valid PNG whose header claims 30 000 × 30 000 pixels (900 megapixels, ~3.6 GB to decode).
    const bomb = Buffer.from(PNG);
    bomb.writeUInt32BE(30_000, 16);
    bomb.writeUInt32BE(30_000, 20);
    bomb.writeUInt32BE(crc32(bomb.subarray(12, 29)), 29);
    const up = await client(a.token)
      .from('ItemImages')
      .upload(`${a.companyId}/items/bomb.png`, bomb, { contentType: 'image/png' });
    expect(status(up.error)).toBe(422);
    expect(up.error?.message).toMatch(/larger than 40 megapixels/);
  });
});

describe('the logo a printed document carries', () => {
  /** A store holding one logo object (or failing every read), for logoForPrint alone. */
  const storeWith = (logo: Buffer | null, fails = false) =>
    ({ get: async () => (fails ? Promise.reject(new Error('disk gone')) : logo) }) as unknown as ObjectStore;

  test('PNG and JPEG as stored; GIF and WebP turned into PNG; none, unreadable or unknown: no logo', async () => {
    expect(await logoForPrint(storeWith(PNG), 'c/logo.png')).toBe(PNG);
    expect(await logoForPrint(storeWith(JPEG), 'c/logo.jpg')).toBe(JPEG);
    for (const format of ['gif', 'webp'] as const) {
      const canvas = sharp({ create: { width: 5, height: 4, channels: 3, background: '#37a' } });
      const logo = await (format === 'gif' ? canvas.gif() : canvas.webp()).toBuffer();
      const printed = await logoForPrint(storeWith(logo), `c/logo.${format}`);
      expect(await sharp(printed!).metadata()).toMatchObject({ format: 'png', width: 5, height: 4 });
    }
    expect(await logoForPrint(storeWith(PNG), null)).toBeNull();
    expect(await logoForPrint(storeWith(null), 'c/logo.png')).toBeNull();
    expect(await logoForPrint(storeWith(PNG, true), 'c/logo.png')).toBeNull();
    expect(await logoForPrint(storeWith(Buffer.from('not an image')), 'c/logo.png')).toBeNull();
    // A GIF header on garbage: sharp cannot decode it, and the document prints without a logo.
    expect(await logoForPrint(storeWith(Buffer.from('GIF89a' + 'x'.repeat(40))), 'c/logo.gif')).toBeNull();
  });
});

describe('storage quota and upload rate', () => {
  test('usage counts the stored bytes: upload adds, overwrite replaces, remove gives back', async () => {
    const t = await registerCompany(ctx.app);
    expect((await usage(t)).storage).toEqual({ used: 0, max: STORAGE_LIMIT_BYTES.free });
    const bucket = client(t.token).from('ItemImages');
    const path = `${t.companyId}/items/1.png`;
    expect((await bucket.upload(path, PNG, { contentType: 'image/png' })).error).toBeNull();
    const size = async () => (await bucket.list(`${t.companyId}/items`)).data![0]!.metadata!.size as number;
    const first = await size();
    expect((await usage(t)).storage.used).toBe(first);
    const larger = await image('png', 300, 200);
    expect((await bucket.upload(path, larger, { contentType: 'image/png', upsert: true })).error).toBeNull();
    const second = await size();
    expect(second).not.toBe(first);
    expect((await usage(t)).storage.used).toBe(second);
    expect(
      (await client(t.token).from('company-logos').upload(`${t.companyId}/logo.png`, PNG, { contentType: 'image/png' }))
        .error,
    ).toBeNull();
    expect((await usage(t)).storage.used).toBe(second + first);
    await bucket.remove([path]);
    expect((await usage(t)).storage.used).toBe(first);
  });

  test('a company at its storage limit is refused with a clear message, and nothing is written', async () => {
    const t = await registerCompany(ctx.app);
    // the company already holds nearly its Free Plan allowance
    await inTenant(ctx.db, t.companyId, (q) =>
      q.query(`INSERT INTO storage_objects (company_id, bucket, name, size) VALUES ($1, 'ItemImages', $2, $3)`, [
        t.companyId,
        `${t.companyId}/items/old.jpg`,
        STORAGE_LIMIT_BYTES.free - 10,
      ]),
    );
    const path = `${t.companyId}/items/new.png`;
    const up = await client(t.token).from('ItemImages').upload(path, PNG, { contentType: 'image/png' });
    expect(status(up.error)).toBe(403);
    expect(up.error?.message).toMatch(/Storage limit reached: your Free Plan allows 100 MB/);
    expect((await fetch(publicUrl('ItemImages', path))).status).toBe(404);
    expect((await client(t.token).from('ItemImages').list(`${t.companyId}/items`)).data).toEqual([]);
    expect((await usage(t)).storage.used).toBe(STORAGE_LIMIT_BYTES.free - 10);
  });

  test('uploads sent all at once cannot pass the rate: exactly the limit is stored', async () => {
    const t = await registerCompany(ctx.app);
    const bucket = client(t.token).from('ItemImages');
    const results = await Promise.all(
      Array.from({ length: UPLOAD_RATE.limit + 10 }, (_, i) =>
        bucket.upload(`${t.companyId}/items/p${i}.png`, PNG, { contentType: 'image/png' }),
      ),
    );
    expect(results.filter((r) => r.error === null)).toHaveLength(UPLOAD_RATE.limit);
    expect(results.filter((r) => status(r.error) === 429)).toHaveLength(10);
    expect((await bucket.list(`${t.companyId}/items`)).data).toHaveLength(UPLOAD_RATE.limit);
  });

  test('one user’s rapid uploads are limited: 429 with Retry-After, then nothing more is stored', async () => {
    const t = await registerCompany(ctx.app);
    const bucket = client(t.token).from('ItemImages');
    for (let i = 0; i < UPLOAD_RATE.limit; i++) {
      const up = await bucket.upload(`${t.companyId}/items/${i}.png`, PNG, { contentType: 'image/png' });
      expect(up.error).toBeNull();
    }
    const over = await bucket.upload(`${t.companyId}/items/over.png`, PNG, { contentType: 'image/png' });
    expect(status(over.error)).toBe(429);
    expect(over.error?.message).toMatch(/Too many uploads/);
    const raw = await fetch(`${base}/storage/v1/object/ItemImages/${t.companyId}/items/raw.png`, {
      method: 'POST',
      headers: { authorization: `Bearer ${t.token}`, 'content-type': 'image/png' },
      body: new Uint8Array(PNG),
    });
    expect(raw.status).toBe(429);
    expect(Number(raw.headers.get('retry-after'))).toBeGreaterThan(0);
    expect((await fetch(publicUrl('ItemImages', `${t.companyId}/items/over.png`))).status).toBe(404);
    // another user of another company is not held back
    const other = await registerCompany(ctx.app);
    const up = await client(other.token)
      .from('ItemImages')
      .upload(`${other.companyId}/items/1.png`, PNG, { contentType: 'image/png' });
    expect(up.error).toBeNull();
  });
});
