import { pictureFileProblem } from '@stockwise/kit';

/** The square a logo is cropped and scaled to. */
export const LOGO_SIDE = 512;

export type LogoProblem = 'badType' | 'tooBig';

/** Checked before anything is uploaded: what the storage takes for every picture (kit's one list and limit). */
export function checkLogo(file: File): LogoProblem | null {
  const problem = pictureFileProblem(file);
  return problem === 'type' ? 'badType' : problem === 'tooLarge' ? 'tooBig' : null;
}

/**
 * The centre square of the image, at most LOGO_SIDE pixels a side, as a PNG (a GIF loses its
 * animation). Where the browser cannot draw it (no canvas), the file is kept as it is: the
 * preview and the sidebar show it cropped to a square anyway (object-fit: cover).
 */
export async function cropToSquare(file: File): Promise<File> {
  if (typeof createImageBitmap !== 'function' || typeof document === 'undefined') return file;
  try {
    const bitmap = await createImageBitmap(file);
    const side = Math.min(bitmap.width, bitmap.height);
    const out = Math.min(side, LOGO_SIDE);
    const canvas = document.createElement('canvas');
    canvas.width = out;
    canvas.height = out;
    const context = canvas.getContext('2d');
    if (!context) return file;
    context.drawImage(bitmap, (bitmap.width - side) / 2, (bitmap.height - side) / 2, side, side, 0, 0, out, out);
    bitmap.close();
    const blob = await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, 'image/png'));
    if (!blob) return file;
    const base = file.name.replace(/\.[^.]*$/, '') || 'logo';
    return new File([blob], `${base}.png`, { type: 'image/png' });
  } catch {
    return file;
  }
}
