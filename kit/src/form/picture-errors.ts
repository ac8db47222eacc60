import { AppError, AUTH_MESSAGES } from '@stockwise/shared';

/**
 * What the storage module accepts for every picture (a profile picture, an item photo, a model's
 * image, the company logo): the image types it sniffs (SVG refused) and 5 MB
 * (api/src/modules/storage). Checked before an upload so a wrong file is said at once.
 */
export const PICTURE_TYPES: readonly string[] = ['image/png', 'image/jpeg', 'image/gif', 'image/webp'];
export const MAX_PICTURE_BYTES = 5 * 1024 * 1024;
/** The file picker's accept attribute for a picture. */
export const PICTURE_ACCEPT = PICTURE_TYPES.join(',');

/** Why a chosen file is no picture the storage takes, before it is sent: its type, or its size. */
export function pictureFileProblem(file: Pick<File, 'type' | 'size'>): 'type' | 'tooLarge' | null {
  if (!PICTURE_TYPES.includes(file.type)) return 'type';
  return file.size > MAX_PICTURE_BYTES ? 'tooLarge' : null;
}

export interface PictureTexts {
  tooLarge: string;
  tooLargeWithLimit: (limit: string) => string;
  forbidden: string;
  typeRefused: string;
  failed: string;
}

/** What supabase-js's StorageApiError carries: the HTTP status, and the Storage API's own statusCode. */
interface StorageFailure {
  status?: unknown;
  statusCode?: unknown;
  message?: unknown;
}

const SIZE = /(\d+(?:[.,]\d+)?\s?(?:[KMG]i?B|bytes))/i;

/**
 * The message for a failed image upload (profile picture, item photo, a model's image), by cause. Spec §5's "Could not get public URL
 * for uploaded file" is for exactly that case; a picture over the size limit (413), one the
 * caller may not write (403) and a type the bucket refuses (415) each get their own; anything
 * else shows the server's message for a refusal, or a generic one.
 */
export function pictureUploadMessage(error: unknown, texts: PictureTexts): string {
  if (error instanceof AppError) return error.message;
  const failure = (typeof error === 'object' && error !== null ? error : {}) as StorageFailure;
  const message = typeof failure.message === 'string' ? failure.message.trim() : '';
  if (message === AUTH_MESSAGES.uploadNoPublicUrl) return message;

  // Hosted Supabase may answer HTTP 400 with the real code in the body's statusCode.
  const codes = [failure.status, failure.statusCode].map((code) => String(code ?? ''));
  const has = (code: string) => codes.includes(code);
  if (has('413') || /payload too large|maximum allowed size/i.test(message)) {
    const limit = message.match(SIZE)?.[1];
    return limit ? texts.tooLargeWithLimit(limit) : texts.tooLarge;
  }
  if (has('415') || /invalid_mime_type|mime type/i.test(message)) return texts.typeRefused;
  if (has('403')) return texts.forbidden;

  const status = Number(failure.status);
  const refusedByServer = Number.isInteger(status) && status >= 400 && status < 500;
  const readable = message && !message.startsWith('{') && !message.startsWith('<');
  return refusedByServer && readable ? message : texts.failed;
}
