import path from 'node:path';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import multipart from '@fastify/multipart';
import { inTenant } from '../../db/tenant.js';
import { ApiError } from '../../lib/errors.js';
import { ADMIN, currentRoles, OWNER } from '../auth/index.js';
import type { Principal } from '../auth/index.js';
import { sniffImage } from './image-sniff.js';
import { fileObjectStore } from './object-store.js';
import { BUCKETS, MAX_OBJECT_BYTES, objectPath, StorageError, writeRule, type Bucket } from './keys.js';

export const storageRoutes: FastifyPluginAsync = async (app) => {
  const store = await fileObjectStore(path.join(app.config.dataDir, 'storage'));

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

    function bucketOf(name: string): Bucket {
      if (!(BUCKETS as readonly string[]).includes(name))
        throw new StorageError(404, 'Bucket not found', 'Bucket not found');
      return name as Bucket;
    }

    /** The app's bearer token, for a user who still exists in its company. */
    async function caller(request: FastifyRequest): Promise<Principal> {
      if (!request.headers.authorization)
        throw new StorageError(401, 'Unauthorized', 'Missing or invalid authorization header');
      try {
        await app.authenticate(request);
        return request.principal!;
      } catch {
        throw new StorageError(401, 'Unauthorized', 'Invalid JWT');
      }
    }

    const refused = (p: Principal, why: string) =>
      new StorageError(
        403,
        'Unauthorized',
        `new row violates row-level security policy: ${why} (under "${p.companyId}/")`,
      );

    /** A caller lists only under its own company folder: `<companyId>/…`. */
    function ownFolder(p: Principal, segments: string[]): void {
      if (segments[0] !== p.companyId) throw refused(p, 'objects must be in your company folder');
    }

    /** Writes and removals follow keys.ts's writeRule; the logo needs a settings manager's role. */
    async function mayWrite(p: Principal, bucket: Bucket, segments: string[]): Promise<boolean> {
      const rule = writeRule(bucket, segments, p);
      if (rule === 'allowed') return true;
      if (rule === 'refused') return false;
      const roles = await inTenant(app.db, p.companyId, (q) => currentRoles(q, p.userId)).catch((error: unknown) => {
        if (error instanceof ApiError) throw new StorageError(401, 'Unauthorized', error.message);
        throw error;
      });
      return roles.includes(OWNER) || roles.includes(ADMIN);
    }

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
      if (!(await mayWrite(p, bucket, segments)))
        throw refused(p, 'you may not write here (the company logo is changed by an Owner or Admin)');
      const data = await readUpload(request);
      if (data.length > MAX_OBJECT_BYTES)
        throw new StorageError(413, 'Payload too large', 'The object exceeded the maximum allowed size of 5 MB');
      const type = sniffImage(data);
      if (!type) throw new StorageError(415, 'invalid_mime_type', 'Only PNG, JPEG, GIF and WebP images can be stored');
      const upsert = request.headers['x-upsert'] === 'true';
      const { id } = await store.put(bucket, segments, data, update ? 'update' : upsert ? 'upsert' : 'create');
      return reply.send({ Id: id, Key: `${bucket}/${segments.join('/')}` });
    }

    type ObjParams = { Params: { bucket: string; '*': string } };
    scope.post<ObjParams>('/storage/v1/object/:bucket/*', { schema: { hide: true } }, (req, reply) =>
      upload(req, reply, false),
    );
    scope.put<ObjParams>('/storage/v1/object/:bucket/*', { schema: { hide: true } }, (req, reply) =>
      upload(req, reply, true),
    );

    async function serve(bucket: string, segments: string[], reply: FastifyReply) {
      const data = await store.get(bucket as Bucket, segments);
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
          // Like Supabase RLS: what you may not delete is not deleted (and not named).
          if (!(await mayWrite(p, bucket, segments))) continue;
          const gone = await store.remove(bucket, segments);
          if (!gone) continue;
          removed.push({
            name: segments.join('/'),
            bucket_id: bucket,
            id: gone.id,
            updated_at: gone.updatedAt,
            created_at: gone.createdAt,
            last_accessed_at: gone.accessedAt,
            metadata: { size: gone.size },
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
        const out = [];
        for (const { name, info } of await store.list(bucket, segments)) {
          if (search && !name.includes(search)) continue;
          if (!info) {
            out.push({ name, id: null, updated_at: null, created_at: null, last_accessed_at: null, metadata: null });
          } else {
            out.push({
              name,
              id: info.id,
              updated_at: info.updatedAt,
              created_at: info.createdAt,
              last_accessed_at: info.accessedAt,
              metadata: {
                size: info.size,
                mimetype: 'image',
                cacheControl: 'max-age=3600',
                lastModified: info.updatedAt,
                contentLength: info.size,
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
