import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { events, setLanguage, uploadCompanyLogo, type Company } from '@stockwise/shared';
import { COMPANY_ID, mockApi, refusal, renderAt, signIn, type Call } from './support/harness';

jest.mock('@stockwise/shared', () => ({
  ...jest.requireActual('@stockwise/shared'),
  uploadCompanyLogo: jest.fn(),
}));
const upload = uploadCompanyLogo as jest.MockedFunction<typeof uploadCompanyLogo>;

const ACME: Company = {
  id: COMPANY_ID,
  companyName: 'Acme Ltd',
  logoPath: null,
  industry: 'Retail',
  phone: '+90 212 000 00 00',
  address: null,
  taxNumber: null,
  currency: 'USD',
  taxRate: 0,
  pricesIncludeTax: false,
  createdAt: '2025-01-01T00:00:00Z',
};

let company: Company;
function companyApi(override?: (call: Call) => ReturnType<Parameters<typeof mockApi>[0]>) {
  return mockApi((call) => {
    const answered = override?.(call);
    if (answered) return answered;
    if (call.method === 'GET' && call.url === `/api/company/${COMPANY_ID}`) return { status: 200, data: company };
    if (call.method === 'PUT' && call.url === `/api/company/${COMPANY_ID}`) {
      company = { ...company, ...(call.body as Partial<Company>) };
      return { status: 200, data: company };
    }
    return undefined;
  });
}

beforeAll(() => {
  URL.createObjectURL = jest.fn(() => 'blob:preview');
  URL.revokeObjectURL = jest.fn();
});
beforeEach(() => {
  company = { ...ACME };
  signIn(['Company Owner']);
  upload.mockReset();
});

const png = () => new File([new Uint8Array([137, 80, 78, 71])], 'logo.png', { type: 'image/png' });

describe('/settings/company', () => {
  test('shows the company and saves a new name and phone through PUT /api/company/{id}', async () => {
    const calls = companyApi();
    const logoUpdated = jest.fn();
    const off = events.on('logo-updated', logoUpdated);
    renderAt('/settings/company');
    const name = await screen.findByRole('textbox', { name: /company name/i });
    expect(name).toHaveValue('Acme Ltd');
    expect(screen.getByRole('textbox', { name: 'Industry' })).toHaveValue('Retail');

    await userEvent.clear(name);
    await userEvent.type(name, 'Acme Global');
    await userEvent.clear(screen.getByRole('textbox', { name: 'Phone' }));
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));

    await waitFor(() => expect(calls.some((c) => c.method === 'PUT')).toBe(true));
    const put = calls.find((c) => c.method === 'PUT')!;
    expect(put.url).toBe(`/api/company/${COMPANY_ID}`);
    // No logo change: no logoPath in the body and no logo-updated event; an emptied phone is null.
    expect(put.body).toEqual({
      companyName: 'Acme Global',
      industry: 'Retail',
      phone: null,
      address: null,
      taxNumber: null,
      currency: 'USD',
      taxRate: 0,
      pricesIncludeTax: false,
    });
    await waitFor(() => expect(screen.getByRole('textbox', { name: /company name/i })).toHaveValue('Acme Global'));
    expect(logoUpdated).not.toHaveBeenCalled();
    off();
  });

  test('saves the currency, address, tax number and tax rate a receipt prints', async () => {
    const calls = companyApi();
    renderAt('/settings/company');
    const currency = await screen.findByRole('combobox', { name: 'Currency' });
    await userEvent.selectOptions(currency, 'EUR');
    await userEvent.type(screen.getByRole('textbox', { name: 'Address' }), 'Main St 1');
    await userEvent.type(screen.getByRole('textbox', { name: 'Tax number' }), 'DE123');
    const rate = screen.getByRole('textbox', { name: 'Tax rate (%)' });
    await userEvent.type(rate, '101');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText(/A percent from 0 to 100/)).toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'PUT')).toHaveLength(0);

    await userEvent.clear(rate);
    await userEvent.type(rate, '8,875');
    // A shop in Europe marks its prices with the tax in.
    await userEvent.click(screen.getByRole('checkbox', { name: /Prices include tax/ }));
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'PUT')).toBe(true));
    expect(calls.find((c) => c.method === 'PUT')!.body).toMatchObject({
      currency: 'EUR',
      address: 'Main St 1',
      taxNumber: 'DE123',
      taxRate: 8.875,
      pricesIncludeTax: true,
    });
  });

  test('a blank name is refused before any call, and the API’s field error shows on its field', async () => {
    const calls = companyApi((call) =>
      call.method === 'PUT'
        ? refusal(400, 'industry: must NOT have more than 100 characters', {
            field: 'industry',
            code: 'VALIDATION_ERROR',
          })
        : undefined,
    );
    renderAt('/settings/company');
    const name = await screen.findByRole('textbox', { name: /company name/i });
    await userEvent.clear(name);
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Enter the company name.')).toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'PUT')).toHaveLength(0);

    await userEvent.type(name, 'Acme');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('industry: must NOT have more than 100 characters')).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Industry' })).toHaveAttribute('aria-invalid', 'true');
  });

  test('a logo is checked before upload, previewed, uploaded to company-logos and saved as logoPath, announcing logo-updated', async () => {
    const calls = companyApi();
    upload.mockResolvedValue({ path: `${COMPANY_ID}/123.png`, publicUrl: 'http://x/123.png' });
    const heard: unknown[] = [];
    const off = events.on('logo-updated', (payload) => heard.push(payload));
    renderAt('/settings/company');
    await screen.findByRole('textbox', { name: /company name/i });
    const input = screen.getByTestId('logo-input');

    // An SVG (or anything not PNG/JPEG/GIF/WebP) and an image over 5 MB never reach the storage.
    await userEvent.upload(input, new File(['<svg/>'], 'logo.svg', { type: 'image/svg+xml' }), { applyAccept: false });
    expect(await screen.findByText('Choose a PNG, JPEG, GIF or WebP image.')).toBeInTheDocument();
    const big = new File([new Uint8Array(5 * 1024 * 1024 + 1)], 'big.png', { type: 'image/png' });
    await userEvent.upload(input, big);
    expect(await screen.findByText('The image is larger than 5 MB.')).toBeInTheDocument();
    expect(upload).not.toHaveBeenCalled();

    await userEvent.upload(input, png());
    expect(await screen.findByRole('img', { name: 'New logo, saved with the form' })).toHaveAttribute(
      'src',
      'blob:preview',
    );
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));

    await waitFor(() => expect(calls.some((c) => c.method === 'PUT')).toBe(true));
    expect(upload).toHaveBeenCalledWith(expect.any(File), COMPANY_ID);
    expect(calls.find((c) => c.method === 'PUT')!.body).toMatchObject({ logoPath: `${COMPANY_ID}/123.png` });
    // The upload and the update carrying a logoPath each announce it (spec §4).
    await waitFor(() => expect(heard).toHaveLength(2));
    expect(heard).toEqual([{ logoPath: `${COMPANY_ID}/123.png` }, { logoPath: `${COMPANY_ID}/123.png` }]);
    // The saved logo is now read from its public URL in the company-logos bucket.
    const saved = await screen.findByRole('img', { name: 'Current logo of Acme Ltd' });
    expect(saved.getAttribute('src')).toMatch(
      new RegExp(`/storage/v1/object/public/company-logos/${COMPANY_ID}/123\\.png$`),
    );
    off();
  });

  test('a failed upload says why on the logo and saves nothing', async () => {
    const calls = companyApi();
    upload.mockRejectedValue(new Error('Payload too large'));
    renderAt('/settings/company');
    await screen.findByRole('textbox', { name: /company name/i });
    await userEvent.upload(screen.getByTestId('logo-input'), png());
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('The logo could not be uploaded: Payload too large')).toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'PUT')).toHaveLength(0);
  });

  test('a failed load offers Retry, and a refused one says the user has no access', async () => {
    let fail = true;
    companyApi((call) => (fail && call.method === 'GET' ? refusal(500, 'Internal Server Error') : undefined));
    renderAt('/settings/company');
    const alert = await screen.findByRole('alert');
    fail = false;
    await userEvent.click(within(alert).getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('textbox', { name: /company name/i })).toHaveValue('Acme Ltd');
  });

  test('a 403 shows the forbidden state', async () => {
    companyApi((call) => (call.method === 'GET' ? refusal(403, 'Forbidden.') : undefined));
    renderAt('/settings/company');
    expect(await screen.findByText('You do not have access to this screen')).toBeInTheDocument();
  });

  test('speaks Turkish', async () => {
    companyApi();
    await setLanguage('tr');
    renderAt('/settings/company');
    expect(await screen.findByRole('heading', { level: 1, name: 'Şirket Bilgileri' })).toBeInTheDocument();
    expect(await screen.findByRole('textbox', { name: /Şirket adı/ })).toHaveValue('Acme Ltd');
    await act(() => setLanguage('en'));
  });
});
