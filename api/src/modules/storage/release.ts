import type { Config } from '../../config.js';
import type { Queryable } from '../../db/database.js';
import {
  isOwnLogoPath,
  LOGO_BUCKET,
  objectPath,
  profilePictureFolder,
  profilePictureKey,
  profilePictureOwner,
  type Bucket,
} from './keys.js';
import type { ObjectInfo, ObjectStore } from './object-store.js';
import { clearProfilePicture, deleteObjectRow, profilePictureUrl } from './queries.js';

// Freeing what nothing shows any more. Every function runs in the caller's transaction of the
// company (RLS scopes the rows); the file goes last, so a refused change leaves it in place.

/** Removes an object and its row (the company's usage); answers what it was, or null. */
export async function removeObject(
  q: Queryable,
  store: ObjectStore,
  bucket: Bucket,
  segments: string[],
): Promise<ObjectInfo | null> {
  await deleteObjectRow(q, bucket, segments.join('/'));
  return store.remove(bucket, segments);
}

/**
 * A company saved another logo (or none): the previous one is freed. The browser uploads each
 * logo under a new name, so without this every change would keep the old bytes forever.
 */
export async function releaseLogo(
  q: Queryable,
  store: ObjectStore,
  companyId: string,
  previous: string | null,
  next: string | null,
): Promise<void> {
  if (previous && previous !== next && isOwnLogoPath(companyId, previous))
    await removeObject(q, store, LOGO_BUCKET, objectPath(previous));
}

type StorageConfig = Pick<Config, 'publicUrl' | 'supabaseUrl' | 'corsOrigins'>;

/** A user saved another profile picture (or none): the previous one is freed. */
export async function releaseProfilePicture(
  q: Queryable,
  store: ObjectStore,
  config: StorageConfig,
  who: { companyId: string; userId: string },
  previous: string | null,
  next: string | null,
): Promise<void> {
  if (!previous || previous === next) return;
  const key = profilePictureKey(config, who.companyId, who.userId, previous);
  if (key) await removeObject(q, store, LOGO_BUCKET, key);
}

/**
 * Before a user's new profile picture is written: the folder keeps only the saved picture and
 * this upload (at most 2 × 5 MB a user), so an upload never saved is replaced by the next one.
 * Pictures need no claim, and this is what keeps one member from filling the company's allowance.
 */
export async function pruneProfilePictures(
  q: Queryable,
  store: ObjectStore,
  config: StorageConfig,
  who: { companyId: string; userId: string },
  writing: string[],
): Promise<void> {
  const url = await profilePictureUrl(q, who.userId);
  const saved = url ? profilePictureKey(config, who.companyId, who.userId, url)?.join('/') : undefined;
  const folder = profilePictureFolder(who.companyId, who.userId).split('/');
  for (const { name, info } of await store.list(LOGO_BUCKET, folder)) {
    const key = [...folder, name];
    if (info && key.join('/') !== saved && key.join('/') !== writing.join('/'))
      await removeObject(q, store, LOGO_BUCKET, key);
  }
}

/** A removed profile picture is no longer the user's picture (no link to a missing image). */
export async function forgetProfilePicture(
  q: Queryable,
  config: StorageConfig,
  companyId: string,
  segments: string[],
): Promise<void> {
  const userId = profilePictureOwner(companyId, segments);
  if (!userId) return;
  const url = await profilePictureUrl(q, userId);
  if (url && profilePictureKey(config, companyId, userId, url)?.join('/') === segments.join('/'))
    await clearProfilePicture(q, userId);
}
