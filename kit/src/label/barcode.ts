// Only the two encoders labels use are imported: the bundler keeps code128 and qrcode out of
// bwip-js's 100+ symbologies (docs/decisions.md: bwip-js, browser build, size).
import { code128, drawingSVG, qrcode } from 'bwip-js/browser';

export type Symbology = 'code128' | 'qr';

/**
 * A barcode as an SVG document: Code 128 with the text under the bars, or a QR code. Throws when
 * the text cannot be encoded (e.g. characters Code 128 has no code for).
 */
export function barcodeSvg(symbology: Symbology, text: string): string {
  const drawing = drawingSVG();
  return symbology === 'qr'
    ? qrcode({ bcid: 'qrcode', text, scale: 3 }, drawing)
    : code128({ bcid: 'code128', text, scale: 2, height: 10, includetext: true, textxalign: 'center' }, drawing);
}

/** The SVG as an image source: shown as an <img>, never as markup in the page. */
export const svgDataUrl = (svg: string) => `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`;
