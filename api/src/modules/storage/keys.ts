import type { Permission } from '../../vocabulary.js';
import type { Config } from '../../config.js';

/** The two buckets of spec §3/§9. */
export const BUCKETS = ['company-logos', 'ItemImages'] as const;
export type Bucket = (typeof BUCKETS)[number];
export const LOGO_BUCKET: Bucket = 'company-logos';
export const PROFILE_PICTURES = 'profile-pictures';
/** The folder of a company's item photos in ItemImages: `<companyId>/items/<file>`. */
export const ITEM_PHOTOS = 'items';
/** The folder of a company's product-model images in ItemImages: `<companyId>/models/<file>`. */
export const MODEL_IMAGES = 'models';
export const MAX_OBJECT_BYTES = 5 * 1024 * 1024;
/**
 * Uploads one user may start in a window (every attempt counts, refused ones too): a screen that
 * adds an item's photos uploads a handful at once; a script filling the disk is stopped early.
 */
export const UPLOAD_RATE = { limit: 30, windowSeconds: 60 } as const;

/** Supabase Storage's error shape: statusCode is a string there. */
export class StorageError extends Error {
  constructor(
    readonly status: number,
    readonly error: string,
    message: string,
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
  }
}

const SEGMENT = /^[\p{L}\p{N} ._()+,=@-]{1,200}$/u;

/** An object key as path segments: decoded, no empty, `.` or `..` segment, safe characters only. */
export function objectPath(raw: string): string[] {
  let decoded: string;
  try {
    decoded = decodeURIComponent(raw);
  } catch {
    throw new StorageError(400, 'InvalidKey', 'Invalid key');
  }
  const segments = decoded.split('/').filter((s) => s !== '');
  if (
    segments.length === 0 ||
    decoded.length > 1024 ||
    segments.some((s) => s === '.' || s === '..' || !SEGMENT.test(s))
  ) {
    throw new StorageError(400, 'InvalidKey', `Invalid key: ${decoded.slice(0, 200)}`);
  }
  return segments;
}

export const profilePictureFolder = (companyId: string, userId: string) => `${companyId}/${PROFILE_PICTURES}/${userId}`;

/** Whether a path of the logo bucket is a company logo, `<companyId>/<file>` (not a folder of pictures). */
export const isCompanyLogoKey = (companyId: string, segments: string[]) =>
  segments[0] === companyId && segments.length === 2 && segments[1] !== PROFILE_PICTURES;

/** Whether a path is a profile picture, `<companyId>/profile-pictures/<userId>/<file>`; answers its owner. */
export const profilePictureOwner = (companyId: string, segments: string[]): string | null =>
  segments[0] === companyId && segments[1] === PROFILE_PICTURES && segments.length === 4 ? segments[2]! : null;

/** A logoPath a company may save: a key in its own folder of company-logos, outside profile pictures. */
export function isOwnLogoPath(companyId: string, logoPath: string): boolean {
  try {
    return isCompanyLogoKey(companyId, objectPath(logoPath)) && !logoPath.startsWith('/');
  } catch {
    return false;
  }
}

/**
 * How many objects a user's profile-pictures folder keeps: the saved picture and one new upload
 * (saving it frees the previous one; a further upload replaces the unsaved one). Every member may
 * upload pictures without any claim, so this keeps one member from filling the company's
 * allowance: at most 2 × 5 MB a user.
 */
export const PROFILE_PICTURES_KEPT = 2;

/**
 * Who may write or remove an object (reading a public object is open), as the permissions that
 * let a member in (any one suffices; none listed: any member), or null when nobody may:
 * - only under the caller's company folder, and only at a file's depth of the bucket's layout:
 *   an object at a folder's own path (`<companyId>`, `<companyId>/items`) would make every later
 *   upload into that folder a conflict;
 * - item photos: those who edit or receive items (the item screens' own claims);
 * - product-model images: those who write the catalogue (settings.manage), as the model itself;
 * - profile pictures: only the owner of the `profile-pictures/<userId>` folder writes them; those
 *   who manage users or company settings may also remove them (a deactivated member's too), as
 *   every picture counts against the company's allowance;
 * - anything else in company-logos (the logo): those who manage company settings.
 */
export function writeRule(
  bucket: Bucket,
  segments: string[],
  caller: { companyId: string; userId: string },
  action: 'write' | 'remove' = 'write',
): Permission[] | null {
  if (segments[0] !== caller.companyId) return null;
  if (bucket !== LOGO_BUCKET) {
    if (segments.length !== 3) return null;
    if (segments[1] === ITEM_PHOTOS) return ['items.edit', 'items.receive'];
    return segments[1] === MODEL_IMAGES ? ['settings.manage'] : null;
  }
  if (segments[1] === PROFILE_PICTURES) {
    const owner = profilePictureOwner(caller.companyId, segments);
    if (owner === caller.userId) return [];
    return owner && action === 'remove' ? ['users.manage', 'settings.manage'] : null;
  }
  return isCompanyLogoKey(caller.companyId, segments) ? ['settings.manage'] : null;
}

/** Who may list a folder or read through the authenticated route: item photos need items.view. */
export function readRule(bucket: Bucket, segments: string[], caller: { companyId: string }): Permission[] | null {
  if (segments[0] !== caller.companyId) return null;
  return bucket === LOGO_BUCKET ? [] : ['items.view'];
}

/** Where public objects of the product's storage are served: the embedded API, or hosted Supabase. */
export function publicObjectUrlPrefixes(config: Pick<Config, 'publicUrl' | 'supabaseUrl' | 'corsOrigins'>): string[] {
  const origins = new Set([
    config.publicUrl,
    ...config.corsOrigins,
    ...(config.supabaseUrl ? [config.supabaseUrl] : []),
  ]);
  return [...origins].map((o) => `${new URL(o).origin}/storage/v1/object/public/${LOGO_BUCKET}/`);
}

/**
 * The key of a profile picture's public URL (one the product's storage serves, in `userId`'s own
 * folder), or null for any other address.
 */
export function profilePictureKey(
  config: Pick<Config, 'publicUrl' | 'supabaseUrl' | 'corsOrigins'>,
  companyId: string,
  userId: string,
  raw: string,
): string[] | null {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return null;
  }
  if (url.search || url.hash || url.username || url.password) return null;
  const address = `${url.origin}${url.pathname}`;
  const prefix = publicObjectUrlPrefixes(config).find((p) => address.startsWith(p));
  if (!prefix) return null;
  try {
    const segments = objectPath(address.slice(prefix.length));
    return profilePictureOwner(companyId, segments) === userId ? segments : null;
  } catch {
    return null;
  }
}
