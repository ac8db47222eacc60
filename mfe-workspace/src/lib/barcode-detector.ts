import wasmUrl from 'zxing-wasm/reader/zxing_reader.wasm';

/** What the camera looks for: the label settings' two symbologies and the codes on makers' boxes. */
export const FORMATS = ['code_128', 'qr_code', 'ean_13', 'ean_8', 'upc_a', 'code_39', 'data_matrix'] as const;

export interface Detector {
  detect(source: HTMLVideoElement): Promise<{ rawValue: string }[]>;
}
type DetectorClass = new (options: { formats: string[] }) => Detector;

/**
 * The browser's BarcodeDetector where it has one (Chrome on Android, macOS), else the maintained
 * ponyfill (barcode-detector, ZXing in WebAssembly; docs/decisions.md), imported only now — when
 * a camera is opened — with its WebAssembly file from our own origin instead of a CDN.
 */
export async function createDetector(): Promise<Detector> {
  const native = (globalThis as { BarcodeDetector?: DetectorClass & { getSupportedFormats(): Promise<string[]> } })
    .BarcodeDetector;
  if (native) {
    const supported = await native.getSupportedFormats();
    const formats = FORMATS.filter((format) => supported.includes(format));
    if (formats.length) return new native({ formats });
  }
  const { BarcodeDetector, prepareZXingModule } = await import('barcode-detector/ponyfill');
  prepareZXingModule({
    overrides: { locateFile: (path: string, prefix: string) => (path.endsWith('.wasm') ? wasmUrl : prefix + path) },
  });
  return new BarcodeDetector({ formats: [...FORMATS] });
}
