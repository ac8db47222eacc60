import { LOGO_BUCKET, objectPath } from './keys.js';
import { sniffImage } from './image-sniff.js';
import type { ObjectStore } from './object-store.js';
import { loadSharp, MAX_INPUT_PIXELS } from './image-normalise.js';

/**
 * A company's logo as a PDF can embed it: PNG and JPEG as stored, GIF and WebP (which a PDF cannot
 * hold) turned into PNG. Null when there is no logo or it cannot be read: a receipt prints without one.
 */
export async function logoForPrint(objects: ObjectStore, logoPath: string | null): Promise<Buffer | null> {
  if (!logoPath) return null;
  let data: Buffer | null;
  try {
    data = await objects.get(LOGO_BUCKET, objectPath(logoPath));
  } catch {
    return null;
  }
  if (!data) return null;
  const type = sniffImage(data);
  if (type === 'image/png' || type === 'image/jpeg') return data;
  if (!type) return null;
  // Only a GIF or WebP logo needs decoding: the receipt of a PNG or JPEG logo never loads sharp.
  const sharp = await loadSharp();
  try {
    return await sharp(data, { limitInputPixels: MAX_INPUT_PIXELS }).png().toBuffer();
  } catch {
    return null;
  }
}
