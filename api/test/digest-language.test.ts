import { sendDigests } from '../src/modules/alerts/digest.js';
import {
  addUser,
  callsAs,
  closeShared,
  defaultCatalogue,
  registerCompany,
  testApp,
  unique,
  type Tenant,
  type TestContext,
} from './helpers.js';

// The daily digest in each reader's language: the language a person picks in the app is kept on
// the server (PUT /api/users/me/language), and the digest mail is written in it.
let ctx: TestContext;
let owner: Tenant;

const { call } = callsAs(() => ctx.app);
/** The digest of a day to one person only: other test files share the database and the outbox. */
const digestTo = async (to: string, day: string) =>
  ctx.db.query<{ subject: string; text: string }>(
    `SELECT subject, body AS text FROM mail_outbox
      WHERE lower(to_address) = lower($1) AND subject LIKE '%' || $2 || '%' ORDER BY created_at`,
    [to, day],
  );

beforeAll(async () => {
  ctx = await testApp();
  owner = await registerCompany(ctx.app, { name: unique('Dil Co '), premium: true });
}, 120_000);
afterAll(async () => {
  await ctx.close();
  await closeShared();
});

test('a language outside en and tr, or none, is refused and nothing changes', async () => {
  for (const body of [{ language: 'de' }, {}, { language: 'tr', extra: 1 }, { language: ['tr'] }]) {
    const res = await call(owner, 'PUT', '/api/users/me/language', body);
    expect(res.statusCode).toBe(400);
  }
  expect((await call(owner, 'PUT', '/api/users/me/language', { language: 'en' })).json()).toEqual({ language: 'en' });
});

test('a Turkish reader’s digest is in Turkish and an English reader’s in English, in the same company', async () => {
  const turkish = await addUser(ctx.app, owner, ['Storekeeper']);
  const english = await addUser(ctx.app, owner, ['Storekeeper']);
  const chosen = await call(turkish, 'PUT', '/api/users/me/language', { language: 'tr' });
  expect(chosen.statusCode).toBe(200);
  expect(chosen.json()).toEqual({ language: 'tr' });

  // One model below its reorder point: none in stock, at least 2 wanted.
  const { itemType } = await defaultCatalogue(ctx.app, owner);
  const model = await call(owner, 'POST', '/api/product-models', {
    name: 'Kılıf S',
    itemTypeId: itemType,
    reorderPoints: [{ locationId: null, minQuantity: 2 }],
  });
  expect(model.statusCode).toBe(201);

  await sendDigests(
    { db: ctx.db, mailer: ctx.app.mailer, log: ctx.app.log, publicUrl: 'http://localhost:8080' },
    '2033-03-03',
  );

  const [tr] = await digestTo(turkish.email, '2033-03-03');
  expect(tr?.subject).toMatch(/: 2033-03-03 için 1 stok uyarısı$/);
  expect(tr?.text).toContain('Günaydın');
  expect(tr?.text).toContain('1 model yeniden sipariş seviyesinin altında');
  expect(tr?.text).toContain('Kılıf S (General) — stokta 0, yeniden sipariş seviyesi 2: 2 eksik');
  expect(tr?.text).not.toContain('Good morning');

  const [en] = await digestTo(english.email, '2033-03-03');
  expect(en?.subject).toMatch(/: 1 stock alert for 2033-03-03$/);
  expect(en?.text).toContain('Good morning');
  expect(en?.text).toContain('Kılıf S (General) — 0 in stock, reorder point 2: 2 short');
  expect(en?.text).not.toContain('Günaydın');
});
