import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { COMPANY_ID, mockApi, refusal, renderAt, signIn } from './support/harness';

type Settings = {
  widthMm: number;
  heightMm: number;
  symbology: 'code128' | 'qr';
  fields: string[];
  showLogo: boolean;
  updatedAt: string;
};
let settings: Settings;

function labelsApi(refusePut?: ReturnType<typeof refusal>) {
  return mockApi((call) => {
    if (call.method === 'GET' && call.url === '/api/label-settings') return { status: 200, data: settings };
    if (call.method === 'GET' && call.url === `/api/company/${COMPANY_ID}`)
      return { status: 200, data: { id: COMPANY_ID, companyName: 'Acme Phones', logoPath: null } };
    if (call.method === 'PUT' && call.url === '/api/label-settings') {
      if (refusePut) return refusePut;
      settings = { ...settings, ...(call.body as object), updatedAt: '2025-03-02T10:00:00Z' };
      return { status: 200, data: settings };
    }
    return undefined;
  });
}

const preview = () => screen.getByRole('img', { name: /Label preview/ });
const barcodeSrc = () => within(preview()).getByTestId('label-barcode').getAttribute('src');

beforeEach(() => {
  signIn(['Company Owner']);
  settings = {
    widthMm: 50,
    heightMm: 25,
    symbology: 'code128',
    fields: ['model', 'price'],
    showLogo: false,
    updatedAt: '2025-03-01T10:00:00Z',
  };
});

describe('/settings/label-settings', () => {
  test('previews the saved label at its size with a real barcode and the chosen fields', async () => {
    labelsApi();
    renderAt('/settings/label-settings');
    expect(await screen.findByRole('img', { name: 'Label preview, 50 × 25 mm' })).toHaveStyle({
      width: '50mm',
      height: '25mm',
    });
    await waitFor(() => expect(barcodeSrc()).toMatch(/^data:image\/svg\+xml/));
    expect(decodeURIComponent(barcodeSrc()!)).toContain('<svg');
    expect(preview()).toHaveTextContent('Galaxy S24 128 GB');
    expect(preview()).toHaveTextContent('$799.00');
    expect(preview()).not.toHaveTextContent('Samsung');
  });

  test('the preview follows every change; Save sends the settings', async () => {
    const user = userEvent.setup();
    const calls = labelsApi();
    renderAt('/settings/label-settings');
    await screen.findByRole('img', { name: /Label preview/ });
    await waitFor(() => expect(barcodeSrc()).toBeTruthy());
    const code128 = barcodeSrc();

    await user.click(screen.getByRole('radio', { name: 'QR code' }));
    await waitFor(() => expect(barcodeSrc()).not.toEqual(code128));
    await user.click(screen.getByRole('checkbox', { name: 'Brand' }));
    await user.click(screen.getByRole('checkbox', { name: 'Price' }));
    expect(preview()).toHaveTextContent('Samsung');
    expect(preview()).not.toHaveTextContent('$799.00');

    await user.click(screen.getByRole('combobox', { name: 'Label size' }));
    await user.click(await screen.findByRole('option', { name: 'Custom size' }));
    const width = screen.getByRole('textbox', { name: 'Width (mm)' });
    await user.clear(width);
    await user.type(width, '70');
    expect(screen.getByRole('img', { name: 'Label preview, 70 × 25 mm' })).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Save label settings' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'PUT')).toBe(true));
    expect(calls.find((c) => c.method === 'PUT')?.body).toEqual({
      widthMm: 70,
      heightMm: 25,
      symbology: 'qr',
      fields: ['model', 'brand'],
      showLogo: false,
    });
  });

  test('a size out of range is refused before saving; the API’s error is shown', async () => {
    const user = userEvent.setup();
    const calls = labelsApi(refusal(400, 'fields: too many', { field: 'fields' }));
    renderAt('/settings/label-settings');
    await user.click(await screen.findByRole('combobox', { name: 'Label size' }));
    await user.click(await screen.findByRole('option', { name: 'Custom size' }));
    const height = screen.getByRole('textbox', { name: 'Height (mm)' });
    await user.clear(height);
    await user.type(height, '400');
    await user.click(screen.getByRole('button', { name: 'Save label settings' }));
    expect(await screen.findByText('Enter whole millimetres from 10 to 300.')).toBeInTheDocument();
    expect(calls.some((c) => c.method === 'PUT')).toBe(false);

    await user.clear(height);
    await user.type(height, '30');
    await user.click(screen.getByRole('button', { name: 'Save label settings' }));
    expect(await screen.findByText('fields: too many')).toBeInTheDocument();
  });

  test('a test print prints the page (only the label shows in print)', async () => {
    const user = userEvent.setup();
    labelsApi();
    const print = jest.spyOn(window, 'print').mockImplementation(() => undefined);
    renderAt('/settings/label-settings');
    await user.click(await screen.findByRole('button', { name: 'Test print' }));
    expect(print).toHaveBeenCalledTimes(1);
    print.mockRestore();
  });

  test('a refused load is the forbidden state', async () => {
    mockApi(() => refusal(403, 'This needs settings.manage.'));
    renderAt('/settings/label-settings');
    expect(await screen.findByText('You do not have access to this screen')).toBeInTheDocument();
  });
});
