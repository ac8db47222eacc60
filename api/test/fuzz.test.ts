import fc from 'fast-check';
import { bearer, closeShared, registerCompany, testApp, type Tenant, type TestContext } from './helpers.js';
import { writableTables } from './catalogue.js';

let ctx: TestContext;
let owner: Tenant;
beforeAll(async () => {
  ctx = await testApp();
  owner = await registerCompany(ctx.app);
});
afterAll(async () => {
  await ctx.close();
  await closeShared();
});

type JsonSchema = {
  type?: string;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  anyOf?: JsonSchema[];
  items?: JsonSchema;
  enum?: unknown[];
};

/** Values that are often wrong for a field: wrong types, empty, huge, odd unicode, injection-looking. */
const nasty = fc.oneof(
  fc.string(),
  fc.string({ minLength: 150, maxLength: 6000 }),
  fc.constantFrom(
    '',
    ' ',
    "' OR 1=1 --",
    '../../etc/passwd',
    '<script>alert(1)</script>',
    '\u0000',
    '😀'.repeat(50),
    'a@b.c',
    'not-a-uuid',
    '00000000-0000-4000-8000-000000000000',
  ),
  fc.integer(),
  fc.double(),
  fc.boolean(),
  fc.constant(null),
  fc.array(fc.string(), { maxLength: 5 }),
  fc.dictionary(fc.string(), fc.string(), { maxKeys: 3 }),
);

function bodyArbitrary(schema: JsonSchema) {
  const props = Object.keys(schema.properties ?? {});
  const shaped = fc.record(Object.fromEntries(props.map((p) => [p, nasty])), { requiredKeys: [] });
  const withExtra = fc
    .tuple(shaped, fc.string({ minLength: 1, maxLength: 10 }), nasty)
    .map(([o, k, v]) => ({ ...o, [k]: v }));
  return fc.oneof(shaped, withExtra, fc.anything(), fc.string(), fc.constant(undefined));
}

let WRITE_TABLES: string[] = [];
async function counts() {
  WRITE_TABLES = WRITE_TABLES.length ? WRITE_TABLES : await writableTables(ctx.db);
  const out: Record<string, number> = {};
  for (const t of WRITE_TABLES)
    out[t] = (await ctx.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${t}`))[0]!.n;
  return out;
}

test('every route with a body: random and malformed bodies never answer 5xx, and a refusal writes nothing', async () => {
  const doc = ctx.app.swagger() as {
    paths: Record<string, Record<string, { requestBody?: { content: Record<string, { schema: JsonSchema }> } }>>;
  };
  const routes = Object.entries(doc.paths).flatMap(([path, ops]) =>
    Object.entries(ops)
      .filter(([, op]) => op.requestBody?.content['application/json'])
      .map(([method, op]) => ({
        path,
        method: method.toUpperCase(),
        schema: op.requestBody!.content['application/json']!.schema,
      })),
  );
  expect(routes.length).toBeGreaterThanOrEqual(12);
  const seen: string[] = [];
  for (const route of routes) {
    seen.push(`${route.method} ${route.path}`);
    const url = route.path.replace('{id}', owner.companyId);
    await fc.assert(
      fc.asyncProperty(bodyArbitrary(route.schema), fc.boolean(), async (body, raw) => {
        const before = await counts();
        const res = await ctx.app.inject({
          method: route.method as 'POST',
          url,
          headers: { ...bearer(owner.token), 'content-type': 'application/json', 'x-forwarded-for': '1.2.3.4' },
          // sometimes not even JSON
          payload: raw && typeof body === 'string' ? body : (JSON.stringify(body) ?? ''),
          remoteAddress: `10.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}.1`,
        });
        expect(res.statusCode).toBeLessThan(500);
        if (res.statusCode >= 400) {
          const err = res.json();
          expect(typeof err.message).toBe('string');
          if (res.statusCode === 400 && err.code === 'VALIDATION_ERROR') expect(typeof err.field).toBe('string');
          expect(await counts()).toEqual(before);
        }
      }),
      { numRuns: 40 },
    );
  }
  expect(seen).toEqual(
    expect.arrayContaining([
      'POST /api/auth/login',
      'POST /api/auth/company-with-admin',
      'PUT /api/company/{id}',
      'POST /api/invitations',
      'POST /api/contact',
    ]),
  );
});

test('path parameters: random ids never answer 5xx', async () => {
  await fc.assert(
    fc.asyncProperty(fc.oneof(fc.string({ maxLength: 200 }), fc.uuid()), async (id) => {
      for (const url of [
        `/api/company/${encodeURIComponent(id)}`,
        `/api/auth/profile-picture/${encodeURIComponent(id)}`,
        `/api/auth/validate-invitation/${encodeURIComponent(id)}`,
      ]) {
        const res = await ctx.app.inject({ url, headers: bearer(owner.token) });
        expect(res.statusCode).toBeLessThan(500);
      }
    }),
    { numRuns: 60 },
  );
});

test('a field is named in the 400 for wrong types, missing and over-long fields', async () => {
  const cases: Array<[object, string]> = [
    [{ userName: 5, password: 'x' }, 'userName'],
    [{ password: 'xxxxxxxx' }, 'userName'],
    [{ userName: 'a'.repeat(300), password: 'x' }, 'userName'],
    [{ userName: 'a', password: 'x', admin: true }, 'admin'],
  ];
  for (const [payload, field] of cases) {
    const res = await ctx.app.inject({ method: 'POST', url: '/api/auth/login', payload });
    expect(res.statusCode).toBe(400);
    expect(res.json().field).toBe(field);
    expect(res.json().message).toContain(field);
  }
});
