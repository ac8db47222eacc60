import { MAX_OBJECT_BYTES, StorageError } from './keys.js';
import { sniffImage } from './image-sniff.js';

/**
 * Pixels an upload may decode to (a 40-megapixel photo is ~7300 × 5500). A few kilobytes of PNG
 * can claim 100 000 × 100 000 pixels and take gigabytes to decode: libvips refuses past this
 * count from the header, before allocating anything.
 */
export const MAX_INPUT_PIXELS = 40_000_000;

/**
 * sharp (libvips), loaded by the first image to decode rather than when the API's modules load:
 * most requests, processes and API tests never touch an image (docs/benchmarks.md, CI time,
 * sessions 12 and 16).
 */
export const loadSharp = async () => (await import('sharp')).default;

export interface NormalisedImage {
  data: Buffer;
  type: string;
}

const notAnImage = () =>
  new StorageError(415, 'invalid_mime_type', 'Only PNG, JPEG, GIF and WebP images can be stored');

/**
 * What is stored is never the uploaded bytes: the image is decoded and encoded again in the same
 * format. Whatever rode along with a valid header (a script, an archive, a second image) does not
 * survive a decode, and neither does metadata — EXIF with a phone's GPS position, camera serials,
 * comments — which sharp drops unless asked to keep it. The EXIF orientation is applied to the
 * pixels first, so a photo taken sideways still shows upright without its tag. Animated GIFs
 * keep their first frame.
 */
export async function normaliseImage(input: Buffer): Promise<NormalisedImage> {
  const type = sniffImage(input);
  if (!type) throw notAnImage();
  const sharp = await loadSharp();
  let data: Buffer;
  try {
    // failOn 'error': corrupt or truncated data is refused; mere warnings (common in camera JPEGs) pass.
    const decoded = sharp(input, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error' }).autoOrient();
    const encoder =
      type === 'image/png'
        ? decoded.png()
        : type === 'image/jpeg'
          ? decoded.jpeg({ quality: 85 })
          : type === 'image/webp'
            ? decoded.webp({ quality: 85 })
            : decoded.gif();
    data = await encoder.toBuffer();
  } catch (error) {
    const tooLarge = /pixel limit/i.test((error as Error).message);
    throw new StorageError(
      422,
      'invalid_image',
      tooLarge
        ? `The image is larger than ${MAX_INPUT_PIXELS / 1_000_000} megapixels`
        : 'The file is not a readable image (it could not be decoded)',
    );
  }
  // Re-encoding rarely grows a file, but the stored object obeys the same bound as the upload.
  if (data.length > MAX_OBJECT_BYTES)
    throw new StorageError(413, 'Payload too large', 'The object exceeded the maximum allowed size of 5 MB');
  return { data, type };
}
