// Barcodes drawn in the browser by bwip-js (docs/decisions.md). The library is imported on first
// use only, and only the two encoders the label settings offer, so no page pays for it up front.

export type Symbology = 'code128' | 'qr';

/** The barcode of `value` as an SVG document: bars only, the human-readable text is the label's own line. */
export async function barcodeSvg(value: string, symbology: Symbology): Promise<string> {
  const { code128, qrcode, drawingSVG } = await import('bwip-js/browser');
  if (symbology === 'qr') return qrcode({ bcid: 'qrcode', text: value, scale: 2 }, drawingSVG());
  // 10 mm high: a strip the label scales to its width.
  return code128({ bcid: 'code128', text: value, scale: 2, height: 10 }, drawingSVG());
}

/** An <img> source for an SVG: an image cannot run script, whatever the document holds. */
export const svgDataUrl = (svg: string) => `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`;
