import { createHash, randomUUID } from 'node:crypto';
import { mkdir, readdir, readFile, rm, stat, writeFile, rename } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import multipart from '@fastify/multipart';
import type { Principal } from '../auth/tokens.js';

/** The two buckets of spec §3/§9. */
export const BUCKETS = ['company-logos', 'ItemImages'] as const;
export const MAX_OBJECT_BYTES = 5 * 1024 * 1024;

/** Supabase Storage's error shape: statusCode is a string there. */
class StorageError extends Error {
  constructor(
    readonly status: number,
    readonly error: string,
    message: string,
  ) {
    super(message);
  }
}

/** Images only, recognised by their first bytes (the declared type is not trusted). SVG is refused: it can carry script. */
export function sniffImage(buf: Buffer): string | null {
  if (buf.length >= 8 && buf.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])))
    return 'image/png';
  if (buf.length >= 3 && buf[0] === 0xff && buf[1] === 0xd8 && buf[2] === 0xff) return 'image/jpeg';
  if (
    buf.length >= 6 &&
    (buf.subarray(0, 6).toString('latin1') === 'GIF87a' || buf.subarray(0, 6).toString('latin1') === 'GIF89a')
  )
    return 'image/gif';
  if (
    buf.length >= 12 &&
    buf.subarray(0, 4).toString('latin1') === 'RIFF' &&
    buf.subarray(8, 12).toString('latin1') === 'WEBP'
  )
    return 'image/webp';
  return null;
}

const SEGMENT = /^[\p{L}\p{N} ._()+,=@-]{1,200}$/u;

function objectPath(raw: string): string[] {
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

export const storageRoutes: FastifyPluginAsync = async (app) => {
  const root = path.join(app.config.dataDir, 'storage');
  for (const b of BUCKETS) await mkdir(path.join(root, b), { recursive: true });

  await app.register(async (scope) => {
    await scope.register(multipart, {
      limits: { fileSize: MAX_OBJECT_BYTES, files: 1, fields: 10 },
      throwFileSizeLimit: true,
    });
    scope.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: MAX_OBJECT_BYTES }, (_req, body, done) =>
      done(null, body),
    );

    scope.setErrorHandler((error: Error & { statusCode?: number; code?: string }, request, reply) => {
      if (error instanceof StorageError) {
        return reply
          .status(error.status)
          .send({ statusCode: String(error.status), error: error.error, message: error.message });
      }
      if (
        error.statusCode === 413 ||
        error.code === 'FST_REQ_FILE_TOO_LARGE' ||
        error.code === 'FST_ERR_CTP_BODY_TOO_LARGE'
      ) {
        return reply.status(413).send({
          statusCode: '413',
          error: 'Payload too large',
          message: 'The object exceeded the maximum allowed size of 5 MB',
        });
      }
      if (typeof error.statusCode === 'number' && error.statusCode < 500) {
        return reply
          .status(error.statusCode)
          .send({ statusCode: String(error.statusCode), error: 'Bad Request', message: error.message });
      }
      request.log.error({ err: error }, 'storage error');
      return reply.status(500).send({ statusCode: '500', error: 'internal', message: 'Internal Server Error' });
    });

    function bucketOf(name: string): string {
      if (!(BUCKETS as readonly string[]).includes(name))
        throw new StorageError(404, 'Bucket not found', 'Bucket not found');
      return name;
    }

    async function caller(request: FastifyRequest): Promise<Principal> {
      const header = request.headers.authorization;
      const match = typeof header === 'string' ? /^Bearer\s+(\S+)$/i.exec(header) : null;
      if (!match) throw new StorageError(401, 'Unauthorized', 'Missing or invalid authorization header');
      try {
        return await app.tokens.verify(match[1]!);
      } catch {
        throw new StorageError(401, 'Unauthorized', 'Invalid JWT');
      }
    }

    /** A caller writes, lists and removes only under its own company folder: `<companyId>/…`. */
    function ownFolder(p: Principal, segments: string[]): void {
      if (segments[0] !== p.companyId) {
        throw new StorageError(
          403,
          'Unauthorized',
          `new row violates row-level security policy: objects must be under "${p.companyId}/"`,
        );
      }
    }

    const fileOf = (bucket: string, segments: string[]) => path.join(root, bucket, ...segments);

    async function readUpload(request: FastifyRequest): Promise<Buffer> {
      if (request.isMultipart()) {
        for await (const part of request.parts()) {
          if (part.type === 'file') return part.toBuffer();
        }
        throw new StorageError(400, 'InvalidRequest', 'No file in the multipart body');
      }
      const body = request.body;
      if (!Buffer.isBuffer(body) || body.length === 0) throw new StorageError(400, 'InvalidRequest', 'Empty body');
      return body;
    }

    async function upload(
      request: FastifyRequest<{ Params: { bucket: string; '*': string } }>,
      reply: FastifyReply,
      update: boolean,
    ) {
      const p = await caller(request);
      const bucket = bucketOf(request.params.bucket);
      const segments = objectPath(request.params['*']);
      ownFolder(p, segments);
      const data = await readUpload(request);
      if (data.length > MAX_OBJECT_BYTES)
        throw new StorageError(413, 'Payload too large', 'The object exceeded the maximum allowed size of 5 MB');
      const type = sniffImage(data);
      if (!type) throw new StorageError(415, 'invalid_mime_type', 'Only PNG, JPEG, GIF and WebP images can be stored');
      const file = fileOf(bucket, segments);
      const exists = await stat(file).then(
        (s) => s.isFile(),
        () => false,
      );
      const upsert = request.headers['x-upsert'] === 'true';
      if (update && !exists) throw new StorageError(404, 'not_found', 'Object not found');
      if (!update && exists && !upsert) throw new StorageError(409, 'Duplicate', 'The resource already exists');
      await mkdir(path.dirname(file), { recursive: true });
      const tmp = `${file}.${randomUUID()}.upload`;
      await writeFile(tmp, data);
      await rename(tmp, file);
      return reply.send({ Id: idOf(bucket, segments), Key: `${bucket}/${segments.join('/')}` });
    }

    const idOf = (bucket: string, segments: string[]) => {
      const h = createHash('sha256')
        .update(`${bucket}/${segments.join('/')}`)
        .digest('hex');
      return `${h.slice(0, 8)}-${h.slice(8, 12)}-4${h.slice(13, 16)}-8${h.slice(17, 20)}-${h.slice(20, 32)}`;
    };

    type ObjParams = { Params: { bucket: string; '*': string } };
    scope.post<ObjParams>('/storage/v1/object/:bucket/*', { schema: { hide: true } }, (req, reply) =>
      upload(req, reply, false),
    );
    scope.put<ObjParams>('/storage/v1/object/:bucket/*', { schema: { hide: true } }, (req, reply) =>
      upload(req, reply, true),
    );

    async function serve(bucket: string, segments: string[], reply: FastifyReply) {
      const data = await readFile(fileOf(bucket, segments)).catch(() => null);
      if (!data) throw new StorageError(404, 'not_found', 'Object not found');
      return reply
        .type(sniffImage(data) ?? 'application/octet-stream')
        .header('cache-control', 'max-age=3600')
        .header('content-disposition', 'inline')
        .send(data);
    }

    scope.get<ObjParams>('/storage/v1/object/public/:bucket/*', { schema: { hide: true } }, (req, reply) =>
      serve(bucketOf(req.params.bucket), objectPath(req.params['*']), reply),
    );
    scope.get<ObjParams>(
      '/storage/v1/object/authenticated/:bucket/*',
      { schema: { hide: true } },
      async (req, reply) => {
        const p = await caller(req);
        const segments = objectPath(req.params['*']);
        ownFolder(p, segments);
        return serve(bucketOf(req.params.bucket), segments, reply);
      },
    );

    scope.delete<{ Params: { bucket: string }; Body: { prefixes?: unknown } }>(
      '/storage/v1/object/:bucket',
      { schema: { hide: true } },
      async (req) => {
        const p = await caller(req);
        const bucket = bucketOf(req.params.bucket);
        const prefixes = req.body?.prefixes;
        if (
          !Array.isArray(prefixes) ||
          prefixes.length === 0 ||
          prefixes.length > 1000 ||
          !prefixes.every((x) => typeof x === 'string')
        ) {
          throw new StorageError(400, 'InvalidRequest', 'body/prefixes must be a non-empty array of strings');
        }
        const removed = [];
        for (const prefix of prefixes as string[]) {
          const segments = objectPath(prefix);
          if (segments[0] !== p.companyId) continue; // like Supabase RLS: what you may not delete is not deleted
          const file = fileOf(bucket, segments);
          const s = await stat(file).catch(() => null);
          if (!s?.isFile()) continue;
          await rm(file);
          removed.push({
            name: segments.join('/'),
            bucket_id: bucket,
            id: idOf(bucket, segments),
            updated_at: s.mtime.toISOString(),
            created_at: s.birthtime.toISOString(),
            last_accessed_at: s.atime.toISOString(),
            metadata: { size: s.size },
          });
        }
        return removed;
      },
    );

    scope.post<{ Params: { bucket: string }; Body: Record<string, unknown> | undefined }>(
      '/storage/v1/object/list/:bucket',
      { schema: { hide: true } },
      async (req) => {
        const p = await caller(req);
        const bucket = bucketOf(req.params.bucket);
        const body = req.body ?? {};
        const prefix = typeof body.prefix === 'string' ? body.prefix : '';
        const limit = typeof body.limit === 'number' && body.limit > 0 ? Math.min(body.limit, 1000) : 100;
        const offset = typeof body.offset === 'number' && body.offset >= 0 ? body.offset : 0;
        const search = typeof body.search === 'string' ? body.search : '';
        const segments = prefix.split('/').filter(Boolean);
        if (segments.length === 0)
          return [
            { name: p.companyId, id: null, updated_at: null, created_at: null, last_accessed_at: null, metadata: null },
          ];
        objectPath(segments.join('/'));
        ownFolder(p, segments);
        const dir = fileOf(bucket, segments);
        const entries = await readdir(dir, { withFileTypes: true }).catch(() => []);
        const out = [];
        for (const e of entries.sort((a, b) => a.name.localeCompare(b.name))) {
          if (e.name.endsWith('.upload') || (search && !e.name.includes(search))) continue;
          if (e.isDirectory()) {
            out.push({
              name: e.name,
              id: null,
              updated_at: null,
              created_at: null,
              last_accessed_at: null,
              metadata: null,
            });
          } else {
            const s = await stat(path.join(dir, e.name));
            out.push({
              name: e.name,
              id: idOf(bucket, [...segments, e.name]),
              updated_at: s.mtime.toISOString(),
              created_at: s.birthtime.toISOString(),
              last_accessed_at: s.atime.toISOString(),
              metadata: {
                size: s.size,
                mimetype: 'image',
                cacheControl: 'max-age=3600',
                lastModified: s.mtime.toISOString(),
                contentLength: s.size,
                httpStatusCode: 200,
              },
            });
          }
        }
        return out.slice(offset, offset + limit);
      },
    );
  });
};
