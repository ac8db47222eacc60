import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { generateTypes, type OpenApiDocument } from '../src/openapi-types.js';
import { closeShared, testApp, type TestContext } from './helpers.js';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await testApp();
});
afterAll(async () => {
  await ctx.close();
  await closeShared();
});

test('shared/src/api/types.ts is what the OpenAPI document generates (run `pnpm --filter @stockwise/api generate:types`)', () => {
  const file = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', '..', 'shared', 'src', 'api', 'types.ts');
  const expected = generateTypes(ctx.app.swagger() as unknown as OpenApiDocument);
  expect(readFileSync(file, 'utf8')).toBe(expected);
});

test('the OpenAPI document is served at /api/docs and lists the spec §7 paths', async () => {
  const html = await ctx.app.inject({ url: '/api/docs' });
  expect(html.statusCode).toBeLessThan(400);
  const doc = (await ctx.app.inject({ url: '/api/docs/json' })).json();
  for (const p of [
    '/api/auth/login',
    '/api/auth/google-login',
    '/api/auth/google-login-with-invitation',
    '/api/auth/register',
    '/api/auth/validate-invitation/{invitationId}',
    '/api/auth/register-with-invitation',
    '/api/auth/forgot-password',
    '/api/auth/validate-reset-token',
    '/api/auth/reset-password',
    '/api/auth/getuser',
    '/api/auth/updateuser',
    '/api/auth/profile-picture/{id}',
    '/api/auth/company-with-admin',
    '/api/company',
    '/api/company/{id}',
    '/api/subscription/current',
    '/api/subscription/plans',
    '/api/subscription/addons',
  ]) {
    expect(Object.keys(doc.paths)).toContain(p);
  }
});

test('every route schema compiles when the app starts, as production builds it (the suite compiles each on first use)', async () => {
  const given = process.env.SCHEMA_COMPILE;
  // Production and development compile all of them at start-up (src/lib/lazy-schemas.ts): a schema
  // that cannot compile stops the app, and would fail here whatever the other files happen to call.
  process.env.SCHEMA_COMPILE = 'at-start';
  try {
    const atStart = await testApp();
    await atStart.close();
  } finally {
    process.env.SCHEMA_COMPILE = given;
  }
});
