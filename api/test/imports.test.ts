import { randomBytes } from 'node:crypto';
import { addUser, bearer, closeShared, registerCompany, testApp, type Tenant, type TestContext } from './helpers.js';

// Import of items from CSV as an integrator meets it: clean files become a job; bad ones change nothing.
let ctx: TestContext;
let owner: Tenant;
let other: Tenant;

const upload = (who: Tenant, body: string | Buffer, contentType = 'text/csv') =>
  ctx.app.inject({
    method: 'POST',
    url: '/api/imports/items?fileName=stock.csv',
    headers: { ...bearer(who.token), 'content-type': contentType },
    payload: body,
  });
const itemCount = async (companyId: string) =>
  (await ctx.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM items WHERE company_id = $1`, [companyId]))[0]!.n;
async function finished(who: Tenant, id: string) {
  for (let i = 0; i < 200; i++) {
    const job = (await ctx.app.inject({ url: `/api/imports/${id}`, headers: bearer(who.token) })).json();
    if (job.status === 'succeeded' || job.status === 'failed') return job;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error('the import did not finish');
}

beforeAll(async () => {
  ctx = await testApp();
  owner = await registerCompany(ctx.app, { name: 'Import Co', premium: true });
  other = await registerCompany(ctx.app, 'Other Co');
  const made = (url: string, body: object) =>
    ctx.app.inject({ method: 'POST', url, headers: bearer(owner.token), payload: body });
  await made('/api/item-types', {
    name: 'Phone',
    warrantyMonths: 12,
    fields: [{ key: 'color', label: 'Color', type: 'select', required: true, options: ['black', 'white'] }],
  });
  await made('/api/item-types', { name: 'Cable' });
  await made('/api/locations', { name: 'Shop' });
  await made('/api/brands', { name: 'Acme' });
  await made('/api/customers', { name: 'Val Vendor', isCustomer: false, isVendor: true });
}, 120_000);
afterAll(async () => {
  await ctx.close();
  await closeShared();
});

test('a clean file becomes a job that receives every row, and the job is there after a reload', async () => {
  const before = await itemCount(owner.companyId);
  const csv =
    '\uFEFFserial,itemType,location,brand,cost,salePrice,warrantyMonths,vendor,fields.color\r\n' +
    'IMP-1,Phone,Shop,Acme,100,150.5,24,Val Vendor,black\r\n' +
    'IMP-2,phone,shop,,,,,,white\r\n' +
    '"IMP-3",Cable,Shop,,1.25,,,,\r\n';
  const res = await upload(owner, csv);
  expect(res.statusCode).toBe(202);
  expect(res.headers.location).toBe(`/api/imports/${res.json().id}`);
  expect(res.json()).toMatchObject({ totalRows: 3, fileName: 'stock.csv' });
  const job = await finished(owner, res.json().id);
  expect(job).toMatchObject({ status: 'succeeded', rowsDone: 3, percent: 100, errors: [] });
  expect(await itemCount(owner.companyId)).toBe(before + 3);
  const item = (await ctx.app.inject({ url: '/api/items/by-serial/IMP-1', headers: bearer(owner.token) })).json();
  expect(item).toMatchObject({
    cost: 100,
    salePrice: 150.5,
    warrantyMonths: 24,
    status: 'in_stock',
    fields: { color: 'black' },
  });
  const list = (await ctx.app.inject({ url: '/api/imports', headers: bearer(owner.token) })).json();
  expect(list.items[0].id).toBe(res.json().id);
  // Another company sees neither the job nor its list entry.
  expect(
    (await ctx.app.inject({ url: `/api/imports/${res.json().id}`, headers: bearer(other.token) })).statusCode,
  ).toBe(404);
  expect((await ctx.app.inject({ url: '/api/imports', headers: bearer(other.token) })).json().items).toEqual([]);
});

test('bad rows: 400 listing each by line and reason, and nothing written', async () => {
  const before = await itemCount(owner.companyId);
  const csv = [
    'serial,itemType,location,cost,fields.color',
    'BAD-1,Phone,Shop,10,black', // fine
    ',Phone,Shop,,black', // blank serial
    'BAD-1,Phone,Shop,,black', // twice
    'BAD-4,Tablet,Shop,,', // unknown type
    'BAD-5,Phone,Attic,,black', // unknown location
    'BAD-6,Phone,Shop,ten,black', // not a number
    'BAD-7,Phone,Shop,,purple', // select option
    'IMP-1,Cable,Shop,,', // already exists
    'BAD-9,Cable,Shop,=1+2,', // formula
  ].join('\n');
  const res = await upload(owner, csv);
  expect(res.statusCode).toBe(400);
  const body = res.json();
  expect(body.code).toBe('IMPORT_INVALID');
  expect(body.rowErrors).toEqual([expect.objectContaining({ line: 10, column: 'cost' })]);
  // The formula is refused before anything else is looked at; without it, the rest is listed.
  const res2 = await upload(owner, csv.replace('=1+2', '2'));
  expect(res2.statusCode).toBe(400);
  expect(res2.json().rowErrors.map((e: { line: number; column: string }) => `${e.line} ${e.column}`)).toEqual([
    '3 serial',
    '4 serial',
    '5 itemType',
    '6 location',
    '7 cost',
    '8 fields.color',
    '9 serial',
  ]);
  expect(res2.json().rowErrorCount).toBe(7);
  expect(res2.json().rowErrors[1].reason).toContain('line 2');
  expect(res2.json().rowErrors[6].reason).toContain('already exists');
  expect(await itemCount(owner.companyId)).toBe(before);
});

test('a row’s texts have the limits a reception by hand has: a model and a SKU no longer than its body allows', async () => {
  const before = await itemCount(owner.companyId);
  const csv = [
    'serial,itemType,location,model,sku,fields.color',
    `LIM-1,Phone,Shop,${'m'.repeat(121)},,black`,
    `LIM-2,Phone,Shop,,${'s'.repeat(81)},black`,
    'LIM-3,Phone,Shop,fine,fine,black',
  ].join('\n');
  const res = await upload(owner, csv);
  expect(res.statusCode).toBe(400);
  expect(res.json().rowErrors).toEqual([
    { line: 2, column: 'model', reason: 'longer than 120 characters' },
    { line: 3, column: 'sku', reason: 'longer than 80 characters' },
  ]);
  expect(await itemCount(owner.companyId)).toBe(before);
});

test('wrong columns, bad encodings, garbage and ragged rows: a clear 4xx each, nothing written', async () => {
  const before = await itemCount(owner.companyId);
  const cases: Array<[string | Buffer, number, string, RegExp]> = [
    ['name,qty\nx,1\n', 400, 'IMPORT_COLUMNS', /Unknown columns name, qty; missing columns serial, itemType, location/],
    [Buffer.from('serial,itemType,location\nCAF\xc9,Cable,Shop\n', 'latin1'), 400, 'IMPORT_ENCODING', /line 2.*UTF-8/],
    [Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from('serial\n', 'utf16le')]), 400, 'IMPORT_ENCODING', /UTF-16/],
    [randomBytes(10 * 1024 * 1024), 400, 'IMPORT_ENCODING', /./],
    ['serial,itemType,location\nA,Cable\n', 400, 'IMPORT_INVALID', /line 2: is|different number of cells/],
    ['serial,itemType,location\n"A,Cable,Shop\n', 400, 'IMPORT_INVALID', /never closed/],
    ['', 400, 'IMPORT_EMPTY', /empty/],
    ['serial,itemType,location\n', 400, 'IMPORT_EMPTY', /no rows/],
  ];
  for (const [body, status, code, message] of cases) {
    const res = await upload(owner, body);
    expect({ status: res.statusCode, code: res.json().code }).toEqual({ status, code });
    expect(res.json().message).toMatch(message);
  }
  // The file name is one line of text; JSON is not a file; more than the route takes is a 413.
  const named = await ctx.app.inject({
    method: 'POST',
    url: '/api/imports/items?fileName=a%0Ab',
    headers: { ...bearer(owner.token), 'content-type': 'text/csv' },
    payload: 'serial,itemType,location\nQ-1,Cable,Shop\n',
  });
  expect(named.statusCode).toBe(400);
  expect((await upload(owner, '{"serial":"x"}', 'application/json')).statusCode).toBe(415);
  expect((await upload(owner, Buffer.alloc(16 * 1024 * 1024, 'a'))).statusCode).toBe(413);
  expect(await itemCount(owner.companyId)).toBe(before);
});

test('who may import: a receiver yes, a rapid seller no', async () => {
  const seller = await addUser(ctx.app, owner, ['Rapid Seller']);
  expect((await upload(seller, 'serial,itemType,location\nS-1,Cable,Shop\n')).statusCode).toBe(403);
  const receiver = await addUser(ctx.app, owner, ['New Item Operator']);
  const res = await upload(receiver, 'serial,itemType,location\nR-1,Cable,Shop\n');
  expect(res.statusCode).toBe(202);
  expect((await finished(receiver, res.json().id)).status).toBe('succeeded');
});

test('a job whose process died ends failed, not stuck', async () => {
  const [job0] = await ctx.db.query<{ id: string }>(
    `INSERT INTO import_jobs (company_id, kind, user_id, total_rows, status) VALUES ($1, 'items', $2, 10, 'running') RETURNING id`,
    [owner.companyId, owner.userId],
  );
  const id = job0!.id;
  await ctx.db.query(
    `INSERT INTO import_job_leases (job_id, company_id, heartbeat_at) VALUES ($1, $2, now() - interval '1 hour')`,
    [id, owner.companyId],
  );
  const { failAbandoned } = await import('../src/modules/imports/queries.js');
  expect(await failAbandoned(ctx.db, 30)).toBeGreaterThanOrEqual(1);
  const job = (await ctx.app.inject({ url: `/api/imports/${id}`, headers: bearer(owner.token) })).json();
  expect(job).toMatchObject({ status: 'failed', message: expect.stringContaining('upload the file again') });
});

// Found trying the API with curl as an integrator (docs/integrating.md): each answer below was once unclear or wrong.
describe('files as integrators send them', () => {
  const header = 'serial,itemType,location,model';
  const failedLines = (res: { json(): { rowErrors?: Array<{ line: number; column?: string }> } }) =>
    (res.json().rowErrors ?? []).map((e) => `${e.line} ${e.column ?? ''}`.trim());

  test('CRLF, LF, CR and a mix of them, quoted newlines and a spreadsheet’s blank ",,," rows are all one file', async () => {
    const before = await itemCount(owner.companyId);
    const csv = `${header}\r\nNL-1,Cable,Shop,"two\r\nlines"\nNL-2,Cable,Shop,x\r,,,\n\n , , ,\nNL-3,Cable,Shop,"a\nb"\r\n`;
    const res = await upload(owner, csv);
    expect(res.statusCode).toBe(202);
    expect(res.json().totalRows).toBe(3);
    const job = await finished(owner, res.json().id);
    expect(job).toMatchObject({ status: 'succeeded', message: '3 items received.' });
    expect(await itemCount(owner.companyId)).toBe(before + 3);
    const item = (await ctx.app.inject({ url: '/api/items/by-serial/NL-1', headers: bearer(owner.token) })).json();
    expect(item.model).toBe('two\nlines');
    // One row: the message counts it as one.
    const one = await upload(owner, 'serial,itemType,location\nNL-4,Cable,Shop\n');
    expect((await finished(owner, one.json().id)).message).toBe('1 item received.');
  });

  test('a bad row is named by the line it starts on, after quoted newlines and skipped blank lines', async () => {
    const csv = `${header}\n"NL-A\nsecond line",Cable,Shop,x\n\n\nNL-B,Tablet,Shop,"x\ny"\n"NL-C",Cable,Attic,x\n`;
    const res = await upload(owner, csv);
    expect(res.statusCode).toBe(400);
    // line 2–3: a serial with a newline is fine; line 6: unknown type (its quoted model spans 6–7); line 8: location
    expect(failedLines(res)).toEqual(['6 itemType', '8 location']);
  });

  test('formula cells are refused wherever they hide: behind spaces, in full-width forms, as +1 or -1', async () => {
    const before = await itemCount(owner.companyId);
    const csv = [
      'serial,itemType,location,model,sku',
      'FX-1,Cable,Shop,"=HYPERLINK(""http://evil.example"",""click"")",',
      'FX-2,Cable,Shop,+1,',
      'FX-3,Cable,Shop,,-1',
      'FX-4,Cable,Shop,@SUM(A1),',
      'FX-5,Cable,Shop, =1+2,',
      'FX-6,Cable,Shop,\uFF1D1+2,',
      'FX-7,Cable,Shop,fine,fine',
    ].join('\n');
    const res = await upload(owner, csv);
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('IMPORT_INVALID');
    expect(failedLines(res)).toEqual(['2 model', '3 model', '4 sku', '5 model', '6 model', '7 model']);
    expect(res.json().rowErrors[4].reason).toMatch(/starts with "=", which a spreadsheet runs as a formula/);
    expect(await itemCount(owner.companyId)).toBe(before);
  });

  test('data that looks like a formula, received through JSON, is guarded when it is exported', async () => {
    const [type] = (await ctx.app.inject({ url: '/api/item-types', headers: bearer(owner.token) })).json().items;
    const [location] = (await ctx.app.inject({ url: '/api/locations', headers: bearer(owner.token) })).json().items;
    const received = await ctx.app.inject({
      method: 'POST',
      url: '/api/items/receive',
      headers: bearer(owner.token),
      payload: { itemTypeId: type.id, locationId: location.id, serials: ['-1', '\uFF1DX'], sku: '-2+3', fields: {} },
    });
    expect(received.statusCode).toBe(201);
    const csv = (await ctx.app.inject({ url: '/api/items?format=csv', headers: bearer(owner.token) })).body;
    expect(csv).toContain(`\n'-1,'-2+3,`);
    expect(csv).toContain(`\n'\uFF1DX,'-2+3,`);
  });

  test('the wrong kind of body gets a 415 that says what to send; text/csv with a charset is text/csv', async () => {
    for (const [type, hint] of [
      [
        'application/csv',
        /This was application\/csv: send the CSV file itself as the body, with Content-Type: text\/csv/,
      ],
      ['application/octet-stream', /This was application\/octet-stream/],
      ['multipart/form-data; boundary=x', /not as a form field \(curl: --data-binary @file.csv, not -F\)/],
    ] as const) {
      const res = await upload(owner, '--x\r\n\r\nserial\r\n--x--\r\n', type);
      expect({ status: res.statusCode, code: res.json().code }).toEqual({
        status: 415,
        code: 'UNSUPPORTED_MEDIA_TYPE',
      });
      expect(res.json().message).toMatch(hint);
    }
    const bare = await ctx.app.inject({ method: 'POST', url: '/api/imports/items', headers: bearer(owner.token) });
    expect(bare.statusCode).toBe(415);
    expect(bare.json().message).toMatch(/no Content-Type/);
    const res = await upload(owner, 'serial,itemType,location\nCT-1,Cable,Shop\n', 'text/csv; charset=utf-8');
    expect(res.statusCode).toBe(202);
    expect((await finished(owner, res.json().id)).status).toBe('succeeded');
  });

  test('a first line with a blank or very long name says so, briefly', async () => {
    const blank = await upload(owner, 'serial,itemType,location,\nB-1,Cable,Shop,\n');
    expect(blank.json()).toMatchObject({
      code: 'IMPORT_COLUMNS',
      message: expect.stringMatching(/^Column 4 of the first line has no name/),
    });
    const long = await upload(owner, `${'x'.repeat(5000)}\nB-1\n`);
    expect(long.json().code).toBe('IMPORT_COLUMNS');
    expect(long.json().message).toMatch(/^Unknown column x{40}…; missing columns serial, itemType, location\./);
  });

  test('the row limit: 100,000 rows are read (the one bad row is listed), 100,001 are refused; nothing written', async () => {
    const before = await itemCount(owner.companyId);
    const rows = (n: number) =>
      ['serial,itemType,location', ...Array.from({ length: n }, (_, i) => `LIM-${i},Cable,Shop`)].join('\n');
    const at = await upload(owner, `${rows(99_999)}\nLIM-LAST,Tablet,Shop\n`);
    expect(at.statusCode).toBe(400);
    expect(at.json()).toMatchObject({ code: 'IMPORT_INVALID', rowErrorCount: 1 });
    expect(failedLines(at)).toEqual(['100001 itemType']);
    const over = await upload(owner, rows(100_001));
    expect(over.json()).toMatchObject({
      code: 'IMPORT_TOO_LARGE',
      message: 'The file has more than 100,000 rows: split it.',
    });
    expect(over.statusCode).toBe(400);
    expect(await itemCount(owner.companyId)).toBe(before);
  }, 120_000);
});
