import { createHash, randomUUID } from 'node:crypto';
import { mkdir, readdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { BUCKETS, StorageError, type Bucket } from './keys.js';

/**
 * The object store: bytes under bucket + key, on the API's data folder (the one adapter today;
 * a hosted store would implement the same methods). Keys arrive checked (keys.ts); the wire
 * protocol (routes.ts) and the rules about who may write where stay outside.
 */
export interface ObjectInfo {
  id: string;
  size: number;
  createdAt: string;
  updatedAt: string;
  accessedAt: string;
}

export interface ObjectStore {
  /** `mode`: create (409 when it exists), update (404 when it does not), or upsert. */
  put(bucket: Bucket, key: string[], data: Buffer, mode: 'create' | 'update' | 'upsert'): Promise<{ id: string }>;
  get(bucket: Bucket, key: string[]): Promise<Buffer | null>;
  /** Removes an object; answers what it was, or null when there was none. */
  remove(bucket: Bucket, key: string[]): Promise<ObjectInfo | null>;
  /** A folder's entries by name: sub-folders (info null) and objects. */
  list(bucket: Bucket, folder: string[]): Promise<Array<{ name: string; info: ObjectInfo | null }>>;
}

/** A stable id for a key (the wire protocol's objects carry one), shaped as a UUID. */
export const objectId = (bucket: string, key: string[]) => {
  const h = createHash('sha256')
    .update(`${bucket}/${key.join('/')}`)
    .digest('hex');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-4${h.slice(13, 16)}-8${h.slice(17, 20)}-${h.slice(20, 32)}`;
};

export async function fileObjectStore(root: string): Promise<ObjectStore> {
  for (const b of BUCKETS) await mkdir(path.join(root, b), { recursive: true });
  const fileOf = (bucket: string, key: string[]) => path.join(root, bucket, ...key);
  const info = (bucket: string, key: string[], s: Awaited<ReturnType<typeof stat>>): ObjectInfo => ({
    id: objectId(bucket, key),
    size: Number(s.size),
    createdAt: s.birthtime.toISOString(),
    updatedAt: s.mtime.toISOString(),
    accessedAt: s.atime.toISOString(),
  });
  return {
    async put(bucket, key, data, mode) {
      const file = fileOf(bucket, key);
      const found = await stat(file).catch(() => null);
      // A key cannot be both an object and a folder (`a/b` as a file, then `a/b/c`, or the reverse).
      if (found?.isDirectory()) throw new StorageError(409, 'Duplicate', 'A folder with this name already exists');
      const exists = found?.isFile() ?? false;
      if (mode === 'update' && !exists) throw new StorageError(404, 'not_found', 'Object not found');
      if (mode === 'create' && exists) throw new StorageError(409, 'Duplicate', 'The resource already exists');
      const tmp = `${file}.${randomUUID()}.upload`;
      try {
        await mkdir(path.dirname(file), { recursive: true });
        await writeFile(tmp, data);
        await rename(tmp, file);
      } catch (error) {
        await rm(tmp, { force: true }).catch(() => undefined);
        const code = (error as NodeJS.ErrnoException).code;
        if (code === 'ENOTDIR' || code === 'EEXIST' || code === 'EISDIR')
          throw new StorageError(409, 'Duplicate', 'An object already uses part of this key as its name');
        throw error;
      }
      return { id: objectId(bucket, key) };
    },
    get: (bucket, key) => readFile(fileOf(bucket, key)).catch(() => null),
    async remove(bucket, key) {
      const file = fileOf(bucket, key);
      const s = await stat(file).catch(() => null);
      if (!s?.isFile()) return null;
      await rm(file);
      return info(bucket, key, s);
    },
    async list(bucket, folder) {
      const dir = fileOf(bucket, folder);
      const entries = await readdir(dir, { withFileTypes: true }).catch(() => []);
      const out = [];
      for (const e of entries.sort((a, b) => a.name.localeCompare(b.name))) {
        if (e.name.endsWith('.upload')) continue;
        out.push({
          name: e.name,
          info: e.isDirectory() ? null : info(bucket, [...folder, e.name], await stat(path.join(dir, e.name))),
        });
      }
      return out;
    },
  };
}
