import { getSupabaseClient } from '../auth/hosted-client';
import { AUTH_MESSAGES } from '../auth/messages';
import { session } from '../auth/session-store';

// Spec §§3 and 7: files go to the hosted object storage with the real Supabase client. In the
// embedded setup the API serves the same Storage API under /storage/v1 on our own origin, and the
// page's one supabase-js client (auth/hosted-client.ts) serves both: its session authorises writes.

export const BUCKETS = { companyLogos: 'company-logos', itemImages: 'ItemImages' } as const;

export interface UploadResult {
  publicUrl: string;
  path: string;
}

/** The embedded stand-in checks the app token, not this key; hosted Supabase needs the real one. */
const EMBEDDED_ANON_KEY = 'stockwise-embedded-anon-key';

/**
 * Where files go. Hosted Supabase when the build named it (STOCKWISE_SUPABASE_URL and
 * STOCKWISE_SUPABASE_ANON_KEY, replaced by rspack's DefinePlugin at build time), else the API's
 * stand-in on this origin under /storage/v1.
 */
export function storageTarget(): { url: string; key: string; hosted: boolean } {
  const url = process.env.STOCKWISE_SUPABASE_URL || '';
  const key = process.env.STOCKWISE_SUPABASE_ANON_KEY || '';
  if (url && key) return { url: url.replace(/\/+$/, ''), key, hosted: true };
  return { url: window.location.origin, key: EMBEDDED_ANON_KEY, hosted: false };
}

async function storageClient() {
  const target = storageTarget();
  if (!target.hosted) return (await getSupabaseClient()).storage;
  // A Supabase project of its own, named by the build: the app's bearer token authorises writes
  // there (supabase-js's third-party auth mode), as that project trusts our tokens, not its auth.
  const { createClient } = await import('@supabase/supabase-js');
  return createClient(target.url, target.key, { accessToken: async () => session.get().token }).storage;
}

/**
 * Spec §3: a random number plus the original extension. The number is 64 bits from the Web
 * Crypto CSPRNG (available on plain http too): the objects are public, so their names must not
 * be guessable from another upload the way Math.random's sequence is.
 */
export function randomFileName(original: string): string {
  const dot = original.lastIndexOf('.');
  const extension = dot > 0 ? original.slice(dot).toLowerCase() : '';
  const [n] = crypto.getRandomValues(new BigUint64Array(1));
  return `${n}${extension}`;
}

export async function uploadFile(bucket: string, folder: string, file: File): Promise<UploadResult> {
  const storage = await storageClient();
  const path = `${folder.replace(/\/+$/, '')}/${randomFileName(file.name)}`;
  const { data, error } = await storage.from(bucket).upload(path, file, { upsert: false, contentType: file.type });
  if (error) {
    console.error('[storage] upload failed', error);
    throw error;
  }
  const { data: urlData } = storage.from(bucket).getPublicUrl(data.path);
  if (!urlData?.publicUrl) throw new Error(AUTH_MESSAGES.uploadNoPublicUrl);
  return { publicUrl: urlData.publicUrl, path: data.path };
}

/** A profile picture lives in the company's folder of the logo bucket (the company's own images). */
export function uploadProfilePicture(file: File, companyId: string, userId: string): Promise<UploadResult> {
  return uploadFile(BUCKETS.companyLogos, `${companyId}/profile-pictures/${userId}`, file);
}

/**
 * Where an <img> reads a stored object: a full address is used as it is, a bucket path (what the
 * API stores, e.g. a company's logoPath `<companyId>/123.png`) becomes its public URL — the same
 * address the storage client's getPublicUrl builds.
 */
export function publicUrlOf(bucket: string, path: string | null | undefined): string | null {
  if (!path) return null;
  if (/^(https?:|blob:|data:)/i.test(path)) return path;
  const key = path.replace(/^\/+/, '').split('/').map(encodeURIComponent).join('/');
  return `${storageTarget().url}/storage/v1/object/public/${bucket}/${key}`;
}

/** The company logo's address from its logoPath (spec §3), or null when the company has none. */
export function companyLogoUrl(logoPath: string | null | undefined): string | null {
  return publicUrlOf(BUCKETS.companyLogos, logoPath);
}

export function uploadCompanyLogo(file: File, companyId: string): Promise<UploadResult> {
  return uploadFile(BUCKETS.companyLogos, companyId, file);
}

/** Spec §3: item images go to ItemImages under the caller's folder; ours is `<companyId>/items`. */
export function uploadItemImage(file: File, companyId: string): Promise<UploadResult> {
  return uploadFile(BUCKETS.itemImages, `${companyId}/items`, file);
}

/**
 * A product model's image goes to ItemImages beside the item photos, in `<companyId>/models`: the
 * API lets those who write the catalogue (settings.manage) write there, as item photos follow the
 * item claims.
 */
export function uploadModelImage(file: File, companyId: string): Promise<UploadResult> {
  return uploadFile(BUCKETS.itemImages, `${companyId}/models`, file);
}

/**
 * Spec §7: a stored object is removed by its path, the URL's segments after the bucket's name
 * (decoded). A value that is already a path (what the API stores) is returned as it is.
 */
export function pathFromUrl(bucket: string, urlOrPath: string): string {
  if (!/^https?:/i.test(urlOrPath)) return urlOrPath.replace(/^\/+/, '');
  const segments = new URL(urlOrPath).pathname.split('/');
  const at = segments.indexOf(bucket);
  if (at < 0) throw new Error(`Not an address in the ${bucket} bucket: ${urlOrPath}`);
  return segments
    .slice(at + 1)
    .filter(Boolean)
    .map(decodeURIComponent)
    .join('/');
}

/** Removes objects by URL or path; the storage API answers with the objects it removed. */
export async function removeFiles(bucket: string, urlsOrPaths: string[]): Promise<void> {
  if (!urlsOrPaths.length) return;
  const storage = await storageClient();
  const { error } = await storage.from(bucket).remove(urlsOrPaths.map((value) => pathFromUrl(bucket, value)));
  if (error) {
    console.error('[storage] remove failed', error);
    throw error;
  }
}
