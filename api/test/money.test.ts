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

// Money a shop can hand over: the company's currency, address, tax number and tax rate; a discount on
// a sale line; exact net, tax and total per line and per sale; the receipt as a PDF.
let ctx: TestContext;
let owner: Tenant;
let seller: Tenant;
let other: Tenant;
let ids: { itemType: string; shop: string; brand: string };

const { call } = callsAs(() => ctx.app);
const company = async (who: Tenant = owner) => (await call(who, 'GET', '/api/company')).json();
const settle = (body: object) => call(owner, 'PUT', `/api/company/${owner.companyId}`, body);

beforeAll(async () => {
  ctx = await testApp();
  owner = await registerCompany(ctx.app, unique('Money Co '));
  seller = await addUser(ctx.app, owner, ['Rapid Seller']);
  other = await registerCompany(ctx.app, unique('Other Co '));
  const made = async (url: string, body: object) => {
    const res = await call(owner, 'POST', url, body);
    if (res.statusCode !== 201) throw new Error(`${url}: ${res.statusCode} ${res.body}`);
    return res.json().id as string;
  };
  ids = {
    itemType: await made('/api/item-types', { name: 'Phone' }),
    // A Free company's one location: the one it starts with.
    shop: (await defaultCatalogue(ctx.app, owner)).location,
    brand: await made('/api/brands', { name: 'Acme' }),
  };
}, 120_000);
afterAll(async () => {
  await ctx.close();
  await closeShared();
});

async function inStock(count: number) {
  const serials = Array.from({ length: count }, () => unique('MN-'));
  const res = await call(owner, 'POST', '/api/items/receive', {
    itemTypeId: ids.itemType,
    brandId: ids.brand,
    model: 'X1',
    locationId: ids.shop,
    serials,
  });
  if (res.statusCode !== 201) throw new Error(res.body);
  return serials;
}

describe('the company’s money settings', () => {
  it('starts in US dollars with no tax, and saves a currency, address, tax number and rate', async () => {
    const fresh = await registerCompany(ctx.app, unique('Fresh Co '));
    expect(await company(fresh)).toMatchObject({ currency: 'USD', taxRate: 0, address: null, taxNumber: null });
    const res = await call(fresh, 'PUT', `/api/company/${fresh.companyId}`, {
      currency: 'EUR',
      taxRate: 8.875,
      address: '  Main St 1\n10115 Berlin  ',
      taxNumber: 'DE123456789',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      currency: 'EUR',
      taxRate: 8.875,
      address: 'Main St 1\n10115 Berlin',
      taxNumber: 'DE123456789',
    });
  });

  it.each([
    [{ currency: 'XYZ' }, 'currency'],
    [{ currency: 'eur' }, 'currency'],
    [{ taxRate: 100.5 }, 'taxRate'],
    [{ taxRate: -1 }, 'taxRate'],
    [{ taxRate: 8.8751 }, 'taxRate'],
    [{ taxNumber: 'A'.repeat(51) }, 'taxNumber'],
    [{ address: 'a\u0007b' }, 'address'],
  ])('refuses %j with a 400 naming the field, saving nothing', async (body, field) => {
    const before = await company();
    const res = await settle({ ...body, phone: '+1 555 0100' });
    expect(res.statusCode).toBe(400);
    expect(`${res.json().field ?? ''} ${res.json().message}`).toContain(field);
    expect(await company()).toEqual(before);
  });

  it('is changed only by those who manage settings', async () => {
    const res = await call(seller, 'PUT', `/api/company/${owner.companyId}`, { currency: 'GBP' });
    expect(res.statusCode).toBe(403);
  });
});

describe('a sale with discounts and tax', () => {
  beforeAll(async () => {
    expect((await settle({ currency: 'EUR', taxRate: 18 })).statusCode).toBe(200);
  });

  it('stores each line’s net, tax and total, and the sale’s sums, exactly', async () => {
    const serials = await inStock(3);
    const res = await call(seller, 'POST', '/api/sales', {
      lines: [
        { serial: serials[0], price: 100, discount: 10 },
        { serial: serials[1], price: 0.1 },
        { serial: serials[2], price: 0.2, discount: 0.2 },
      ],
    });
    expect(res.statusCode).toBe(201);
    const sale = res.json();
    expect(sale.lines.map((l: object) => l)).toMatchObject([
      {
        price: 100,
        discount: 10,
        net: 90,
        tax: 16.2,
        total: 106.2,
        itemTypeName: 'Phone',
        brandName: 'Acme',
        model: 'X1',
      },
      // 0.1 × 18 % = 0.018: rounded to the cent per line
      { price: 0.1, discount: 0, net: 0.1, tax: 0.02, total: 0.12 },
      { price: 0.2, discount: 0.2, net: 0, tax: 0, total: 0 },
    ]);
    expect(sale).toMatchObject({ net: 90.1, tax: 16.22, total: 106.32, currency: 'EUR', taxRate: 18 });
    // Read back, the same figures.
    expect((await call(owner, 'GET', `/api/sales/${sale.id}`)).json()).toMatchObject({
      net: 90.1,
      tax: 16.22,
      total: 106.32,
      lines: [{ net: 90, tax: 16.2, total: 106.2, model: 'X1' }, { total: 0.12 }, { total: 0 }],
    });
  });

  it('counts what the customer paid (tax included) as the dashboard’s sales of the day', async () => {
    const day = async () => (await call(owner, 'GET', '/api/dashboard')).json().salesPerDay.at(-1).total as number;
    const before = await day();
    const [serial] = await inStock(1);
    await call(seller, 'POST', '/api/sales', { lines: [{ serial, price: 50, discount: 5 }] });
    expect(Math.round((await day()) * 100 - before * 100)).toBe(5310); // 45 + 18 % = 53.10
  });

  it.each([
    [{ price: 10, discount: 10.01 }, 'discount'],
    [{ price: 10, discount: -1 }, 'discount'],
  ])('refuses the line %j with a 400, selling nothing', async (line, field) => {
    const [serial] = await inStock(1);
    const res = await call(seller, 'POST', '/api/sales', { lines: [{ serial, ...line }] });
    expect(res.statusCode).toBe(400);
    expect(res.body).toContain(field);
    const item = await call(owner, 'GET', `/api/items/by-serial/${encodeURIComponent(serial!)}`);
    expect(item.json().status).toBe('in_stock');
  });

  it('rounds tax to the currency’s own decimals, and keeps a sale’s currency when the company changes it', async () => {
    expect((await settle({ currency: 'JPY', taxRate: 10 })).statusCode).toBe(200);
    const [serial] = await inStock(1);
    const yen = (await call(seller, 'POST', '/api/sales', { lines: [{ serial, price: 1005 }] })).json();
    expect(yen).toMatchObject({ currency: 'JPY', net: 1005, tax: 101, total: 1106 });
    expect((await settle({ currency: 'EUR', taxRate: 18 })).statusCode).toBe(200);
    expect((await call(owner, 'GET', `/api/sales/${yen.id}`)).json()).toMatchObject({ currency: 'JPY', taxRate: 10 });
  });
});

describe('prices that include tax (a shop selling at VAT-inclusive prices)', () => {
  afterAll(async () => {
    expect((await settle({ currency: 'EUR', taxRate: 18, pricesIncludeTax: false })).statusCode).toBe(200);
  });

  it('starts with tax on top, and is saved by the company', async () => {
    const fresh = await registerCompany(ctx.app, unique('Vat Co '));
    expect(await company(fresh)).toMatchObject({ pricesIncludeTax: false });
    const res = await call(fresh, 'PUT', `/api/company/${fresh.companyId}`, { pricesIncludeTax: true });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ pricesIncludeTax: true });
    const bad = await call(fresh, 'PUT', `/api/company/${fresh.companyId}`, { pricesIncludeTax: 'yes' });
    expect(bad.statusCode).toBe(400);
  });

  it('charges the shelf price: the tax is the part of it the rate makes up, and the sale keeps the setting', async () => {
    expect((await settle({ currency: 'EUR', taxRate: 20, pricesIncludeTax: true })).statusCode).toBe(200);
    const serials = await inStock(2);
    const res = await call(seller, 'POST', '/api/sales', {
      lines: [
        { serial: serials[0], price: 120, discount: 12 },
        { serial: serials[1], price: 9.99 },
      ],
    });
    expect(res.statusCode).toBe(201);
    const sale = res.json();
    // 108 with 20 % in: 90 + 18. 9.99 with 20 % in: tax 1.665 → 1.67, net 8.32.
    expect(sale.lines).toMatchObject([
      { price: 120, discount: 12, net: 90, tax: 18, total: 108 },
      { price: 9.99, discount: 0, net: 8.32, tax: 1.67, total: 9.99 },
    ]);
    expect(sale).toMatchObject({ net: 98.32, tax: 19.67, total: 117.99, taxRate: 20, pricesIncludeTax: true });
    // The item sold for its shelf price after the discount, in the company's own convention.
    const item = await call(owner, 'GET', `/api/items/by-serial/${encodeURIComponent(serials[0]!)}`);
    expect(item.json().salePrice).toBe(108);
    // A later change leaves the sale as it was made.
    expect((await settle({ pricesIncludeTax: false })).statusCode).toBe(200);
    expect((await call(owner, 'GET', `/api/sales/${sale.id}`)).json()).toMatchObject({
      pricesIncludeTax: true,
      total: 117.99,
    });
    const [serial] = await inStock(1);
    const onTop = (await call(seller, 'POST', '/api/sales', { lines: [{ serial, price: 120, discount: 12 }] })).json();
    expect(onTop).toMatchObject({ net: 108, tax: 21.6, total: 129.6, pricesIncludeTax: false });
  });
});

describe('the receipt as a PDF', () => {
  let saleId: string;
  beforeAll(async () => {
    await settle({ address: 'Main St 1', taxNumber: 'TR-1234567890' });
    const [serial] = await inStock(1);
    saleId = (await call(seller, 'POST', '/api/sales', { lines: [{ serial, price: 99.9, discount: 9.9 }] })).json().id;
  });

  it('answers a PDF to whoever may read the sale, in their language', async () => {
    for (const lang of ['en', 'tr']) {
      const res = await call(seller, 'GET', `/api/sales/${saleId}/receipt.pdf?lang=${lang}&tz=Europe/Istanbul`);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('application/pdf');
      expect(res.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
      expect(res.rawPayload.length).toBeGreaterThan(1000);
    }
  });

  it('is not found for another company, and refuses a made-up time zone or language', async () => {
    expect((await call(other, 'GET', `/api/sales/${saleId}/receipt.pdf`)).statusCode).toBe(404);
    expect((await call(owner, 'GET', `/api/sales/${saleId}/receipt.pdf?tz=Mars/Base`)).statusCode).toBe(400);
    expect((await call(owner, 'GET', `/api/sales/${saleId}/receipt.pdf?lang=xx`)).statusCode).toBe(400);
  });
});
