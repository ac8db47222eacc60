import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { i18n, ROLES } from '@stockwise/shared';
import { mockApi } from '../../shared/test/mock-api';
import { baseItem, receptionCatalogue, renderAt, signInAs } from './helpers';

// The polyfill (ZXing in WebAssembly) is real in the browser; here, when it is loaded and with what.
const ponyfill = {
  loaded: 0,
  locateFile: null as null | ((path: string, prefix: string) => string),
  reads: [] as string[],
};
jest.mock('barcode-detector/ponyfill', () => {
  ponyfill.loaded += 1;
  return {
    prepareZXingModule: ({ overrides }: { overrides: { locateFile: (path: string, prefix: string) => string } }) => {
      ponyfill.locateFile = overrides.locateFile;
    },
    BarcodeDetector: class {
      detect = async () => {
        const value = ponyfill.reads.shift();
        return value ? [{ rawValue: value }] : [];
      };
    },
  };
});

jest.setTimeout(30_000);

const stop = jest.fn();
function cameraAvailable() {
  Object.defineProperty(navigator, 'mediaDevices', {
    configurable: true,
    value: { getUserMedia: jest.fn().mockResolvedValue({ getTracks: () => [{ stop }] }) },
  });
  jest.spyOn(HTMLMediaElement.prototype, 'play').mockResolvedValue(undefined);
}

/** The browser's own BarcodeDetector, reading these values one frame after another (empty: nothing seen). */
function nativeDetector(...frames: string[]) {
  (globalThis as Record<string, unknown>).BarcodeDetector = class {
    static getSupportedFormats = async () => ['code_128', 'qr_code', 'ean_13'];
    detect = async () => {
      const value = frames.shift();
      return value ? [{ rawValue: value }] : [];
    };
  };
}

function api() {
  return mockApi((config) => {
    if (config.url === '/api/items/by-serial/SN-0001') return { status: 200, data: baseItem };
    if (config.url === '/api/statuses') return { status: 200, data: { items: [], total: 0 } };
    return { status: 404, data: { message: 'unexpected' } };
  });
}

beforeEach(async () => {
  stop.mockReset();
  ponyfill.loaded = 0;
  delete (globalThis as Record<string, unknown>).BarcodeDetector;
  await act(() => i18n.changeLanguage('en'));
});

describe('camera scanning', () => {
  it('rapid sell: what the camera reads is looked up like a scan + Enter; the camera goes off, focus returns', async () => {
    signInAs(ROLES.rapidSeller);
    cameraAvailable();
    nativeDetector('', '', 'SN-0001');
    api();
    renderAt('/actions/rapid-sell');
    await userEvent.click(await screen.findByRole('button', { name: 'Scan with the camera' }));
    expect(await screen.findByRole('dialog', { name: 'Scan a barcode' })).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: 'SN-0001' })).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(stop).toHaveBeenCalled();
    expect(navigator.mediaDevices.getUserMedia).toHaveBeenCalledWith({
      video: { facingMode: 'environment' },
      audio: false,
    });
    await waitFor(() => expect(screen.getByLabelText('Scan or type a serial')).toHaveFocus());
    // The browser had a detector of its own: the polyfill was never loaded.
    expect(ponyfill.loaded).toBe(0);
  });

  it('keyboard-wedge scanning is untouched: typing + Enter still looks the serial up', async () => {
    signInAs(ROLES.rapidSeller);
    api();
    renderAt('/actions/rapid-sell');
    const scan = await screen.findByLabelText('Scan or type a serial');
    await waitFor(() => expect(scan).toHaveFocus());
    await userEvent.keyboard('SN-0001{Enter}');
    expect(await screen.findByRole('heading', { name: 'SN-0001' })).toBeInTheDocument();
  });

  it('loads the polyfill only when a camera is opened in a browser without a detector, with its WebAssembly from our origin', async () => {
    signInAs(ROLES.newItemOperator);
    cameraAvailable();
    ponyfill.reads = ['', 'SN-0042'];
    mockApi((config) => receptionCatalogue(config.url) ?? { status: 404, data: { message: 'unexpected' } });
    renderAt('/actions/inventory-reception');
    const serials = await screen.findByRole('textbox', { name: 'Serials' });
    await userEvent.type(serials, 'SN-0041');
    expect(ponyfill.loaded).toBe(0);
    await userEvent.click(screen.getByRole('button', { name: 'Scan with the camera' }));
    // The reading is one more line of the batch.
    await waitFor(() => expect(serials).toHaveValue('SN-0041\nSN-0042\n'));
    expect(await screen.findByText('2 serials')).toBeInTheDocument();
    expect(ponyfill.loaded).toBe(1);
    expect(ponyfill.locateFile?.('zxing_reader.wasm', 'https://cdn.example/')).not.toMatch(/^https:\/\/cdn/);
  });

  it('says so when the camera is refused or missing, and Cancel leaves the typed path as it was', async () => {
    signInAs(ROLES.rapidSeller);
    Object.defineProperty(navigator, 'mediaDevices', {
      configurable: true,
      value: { getUserMedia: jest.fn().mockRejectedValue(new Error('Permission denied')) },
    });
    nativeDetector();
    api();
    renderAt('/actions/rapid-sell');
    await userEvent.click(await screen.findByRole('button', { name: 'Scan with the camera' }));
    const dialog = await screen.findByRole('dialog', { name: 'Scan a barcode' });
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'The camera could not be used: Permission denied',
    );
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.getByLabelText('Scan or type a serial')).toHaveFocus());

    Object.defineProperty(navigator, 'mediaDevices', { configurable: true, value: undefined });
    await userEvent.click(screen.getByRole('button', { name: 'Scan with the camera' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('This browser cannot use a camera here.');
  });
});
