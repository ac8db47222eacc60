import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import multipart from '@fastify/multipart';
import { enforce, enterAs } from '../../access/index.js';
import type { Queryable } from '../../db/database.js';
import { ApiError } from '../../lib/errors.js';
import type { Permission } from '../../vocabulary.js';
import { take } from '../../lib/rate-limit.js';
import type { Principal } from '../auth/index.js';
import { assertStorageAvailable } from '../subscriptions/index.js';
import { sniffImage } from './image-sniff.js';
import { normaliseImage } from './image-normalise.js';
import { forgetProfilePicture, pruneProfilePictures, removeObject } from './release.js';
import { upsertObjectRow } from './queries.js';
import {
  BUCKETS,
  MAX_OBJECT_BYTES,
  objectPath,
  profilePictureOwner,
  readRule,
  StorageError,
  UPLOAD_RATE,
  LOGO_BUCKET,
  writeRule,
  type Bucket,
} from './keys.js';

export const storageRoutes: FastifyPluginAsync = async (app) => {
  const store = app.objects;

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
          .headers(error.headers)
          .send({ statusCode: String(error.status), error: error.error, message: error.message });
      }
      // The product's own refusals (a missing claim, a plan limit, a gone user) in Storage's shape.
      if (error instanceof ApiError) {
        return reply
          .status(error.statusCode)
          .send({ statusCode: String(error.statusCode), error: error.code ?? 'Error', message: error.message });
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

    /**
     * Whether the caller may act on `segments`: null (outside what it may touch at all) is Supabase's
     * row-level-security refusal; otherwise the caller's claims, read from the database for this
     * request, must hold one of the permissions (none listed: any member). Runs `then` in the same
     * transaction when given.
     */
    async function authorise(p: Principal, rule: Permission[] | null, why: string): Promise<void>;
    async function authorise<T>(
      p: Principal,
      rule: Permission[] | null,
      why: string,
      then: (q: Queryable) => Promise<T>,
    ): Promise<T>;
    async function authorise<T>(
      p: Principal,
      rule: Permission[] | null,
      why: string,
      then?: (q: Queryable) => Promise<T>,
    ): Promise<T | undefined> {
      if (!rule) throw refused(p, why);
      return app.db.transaction(async (q) => {
        const access = await enterAs(q, p.companyId, p.userId, p.sessionId);
        if (rule.length > 0) enforce(rule, access);
        return then?.(q);
      });
    }

    interface Admitted {
      p: Principal;
      bucket: Bucket;
      segments: string[];
    }
    const admitted = new WeakMap<FastifyRequest, Admitted>();

    /**
     * Before the body is read (onRequest): who is uploading, whether their claims let them write
     * there, and whether they are within their upload rate — so a refused upload costs no bytes.
     */
    async function admitUpload(request: FastifyRequest<{ Params: { bucket: string; '*': string } }>) {
      const p = await caller(request);
      const bucket = bucketOf(request.params.bucket);
      const segments = objectPath(request.params['*']);
      const wait = await authorise(p, writeRule(bucket, segments, p), 'you may not write here', (q) =>
        take(q, `storage-upload:${p.userId}`, UPLOAD_RATE.limit, UPLOAD_RATE.windowSeconds),
      );
      if (wait)
        throw new StorageError(
          429,
          'too_many_requests',
          `Too many uploads: at most ${UPLOAD_RATE.limit} a minute. Try again in ${wait} s.`,
          { 'retry-after': String(wait) },
        );
      admitted.set(request, { p, bucket, segments });
    }

    async function readUpload(request: FastifyRequest): Promise<Buffer> {
      if (request.isMultipart()) {
        try {
          for await (const part of request.parts()) {
            if (part.type === 'file') return await part.toBuffer();
          }
        } catch (error) {
          // The reader's own refusals (a file too large: 413) keep their status. What it cannot read
          // at all — no boundary in the Content-Type, a body cut off mid-part — is the client's.
          if (typeof (error as { statusCode?: unknown }).statusCode === 'number') throw error;
          throw new StorageError(
            400,
            'InvalidRequest',
            `The multipart body could not be read: ${(error as Error).message}`,
          );
        }
        throw new StorageError(400, 'InvalidRequest', 'No file in the multipart body');
      }
      const body = request.body;
      if (!Buffer.isBuffer(body) || body.length === 0) throw new StorageError(400, 'InvalidRequest', 'Empty body');
      return body;
    }

    async function upload(request: FastifyRequest, reply: FastifyReply, update: boolean) {
      const { p, bucket, segments } = admitted.get(request)!;
      const data = await readUpload(request);
      if (data.length > MAX_OBJECT_BYTES)
        throw new StorageError(413, 'Payload too large', 'The object exceeded the maximum allowed size of 5 MB');
      const image = await normaliseImage(data);
      const upsert = request.headers['x-upsert'] === 'true';
      const name = segments.join('/');
      // The row (and so the company's usage) and the bytes change together: the file is written
      // last, inside the transaction, so a refused or failed write leaves neither behind. The
      // claims are read again in that transaction: the body took time to arrive, and a member
      // deactivated or stripped of the claim meanwhile must not write.
      const written = await authorise(p, writeRule(bucket, segments, p), 'you may not write here', async (q) => {
        if (bucket === LOGO_BUCKET && profilePictureOwner(p.companyId, segments))
          await pruneProfilePictures(q, store, app.config, p, segments);
        await assertStorageAvailable(q, image.data.length, { bucket, name });
        await upsertObjectRow(q, { companyId: p.companyId, bucket, name, size: image.data.length });
        return store.put(bucket, segments, image.data, update ? 'update' : upsert ? 'upsert' : 'create');
      });
      return reply.send({ Id: written.id, Key: `${bucket}/${name}` });
    }

    type ObjParams = { Params: { bucket: string; '*': string } };
    scope.post<ObjParams>(
      '/storage/v1/object/:bucket/*',
      { schema: { hide: true }, onRequest: admitUpload },
      (req, reply) => upload(req, reply, false),
    );
    scope.put<ObjParams>(
      '/storage/v1/object/:bucket/*',
      { schema: { hide: true }, onRequest: admitUpload },
      (req, reply) => upload(req, reply, true),
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
        const bucket = bucketOf(req.params.bucket);
        const segments = objectPath(req.params['*']);
        await authorise(p, readRule(bucket, segments, p), 'objects must be in your company folder');
        return serve(bucket, segments, reply);
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
        // Like Supabase RLS: what lies outside the caller's reach is not deleted (and not named).
        const within = (prefixes as string[])
          .map((prefix) => objectPath(prefix))
          .flatMap((segments) => {
            const rule = writeRule(bucket, segments, p, 'remove');
            return rule ? [{ segments, rule }] : [];
          });
        // Inside it, every removal the caller's claims do not allow refuses the request before any
        // is made; the rows (the company's usage) and the files go together.
        const removed = await app.db.transaction(async (q) => {
          const access = await enterAs(q, p.companyId, p.userId, p.sessionId);
          for (const { rule } of within) if (rule.length > 0) enforce(rule, access);
          const out = [];
          for (const { segments } of within) {
            if (bucket === LOGO_BUCKET) await forgetProfilePicture(q, app.config, p.companyId, segments);
            const gone = await removeObject(q, store, bucket, segments);
            if (!gone) continue;
            out.push({
              name: segments.join('/'),
              bucket_id: bucket,
              id: gone.id,
              updated_at: gone.updatedAt,
              created_at: gone.createdAt,
              last_accessed_at: gone.accessedAt,
              metadata: { size: gone.size },
            });
          }
          return out;
        });
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
        await authorise(p, readRule(bucket, segments, p), 'objects must be in your company folder');
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
