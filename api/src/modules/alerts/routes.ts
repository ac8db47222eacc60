import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import { permit, inWorkTransaction } from '../../access/index.js';
import { answers } from '../../lib/schemas.js';
import { DIGEST_CHECK_MS, digestDue, sendDigests } from './digest.js';
import { ALERT_SOURCES } from './sources.js';

const AlertLine = Type.Object({ id: Type.String(), text: Type.String() }, { title: 'AlertLine' });
const AlertGroup = Type.Object(
  {
    kind: Type.Union(
      ALERT_SOURCES.map((s) => Type.Literal(s.kind)),
      {
        description:
          'reorder: models below their reorder point; overdue-loans: loans past their due time, not checked in.',
      },
    ),
    count: Type.Integer({ minimum: 1 }),
    lines: Type.Array(AlertLine, { description: 'The first five.' }),
    path: Type.String({ description: 'Where the whole list is, in the app.' }),
  },
  { title: 'AlertGroup' },
);
const AlertsAnswer = Type.Object({ items: Type.Array(AlertGroup) }, { title: 'Alerts' });

// Whoever holds the claim of any alert source; each sees the sources whose claim they hold.
const READ = permit(...(ALERT_SOURCES.map((s) => s.claim) as [(typeof ALERT_SOURCES)[number]['claim']]));

export const alertRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.addHook('onRequest', app.authenticate);
  app.addHook('onRequest', inWorkTransaction);

  app.get(
    '/api/alerts',
    {
      schema: {
        tags: ['alerts'],
        security: [{ bearer: [] }],
        ...READ,
        operationId: 'listAlerts',
        description:
          'What the caller should act on, by kind, from every kind whose claim they hold (reorder: stock.reorder; overdue-loans: items.lend) — counted when asked. The dashboard and My Tasks show it; the same lines are mailed in the daily digest. Kinds with nothing are left out.',
        response: answers(AlertsAnswer),
      },
    },
    (request) =>
      app.inCompany(request, async (q) => {
        const items = [];
        for (const source of ALERT_SOURCES.filter((s) => request.access!.may(s.claim))) {
          const count = await source.count(q);
          if (count) items.push({ kind: source.kind, count, lines: await source.lines(q, 5), path: source.path });
        }
        return { items };
      }),
  );

  // The daily digest: every DIGEST_CHECK_MS, once the hour has come, each company not yet mailed
  // today is; the alert_digests row keeps replicas from mailing twice.
  const deps = { db: app.db, mailer: app.mailer, log: app.log, publicUrl: app.config.publicUrl };
  let timer: ReturnType<typeof setInterval> | null = null;
  app.addHook('onReady', async () => {
    timer = setInterval(() => {
      const day = digestDue(new Date());
      if (day) sendDigests(deps, day).catch((err: unknown) => app.log.error({ err }, 'alert digest run failed'));
    }, DIGEST_CHECK_MS).unref();
  });
  app.addHook('onClose', async () => {
    if (timer) clearInterval(timer);
  });
};

/** Development only (registered beside the outbox): today's digest now, without waiting for the hour. */
export const alertDevRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.post(
    '/api/dev/alert-digest',
    {
      schema: {
        tags: ['development'],
        operationId: 'devAlertDigest',
        description:
          'Development only (absent when NODE_ENV=production): sends today’s alert digest to every company not yet mailed today, as the daily run would; the mails land in the outbox.',
        response: { 200: Type.Object({ sent: Type.Integer({ minimum: 0 }) }, { title: 'DigestRun' }) },
      },
    },
    async () => ({
      sent: await sendDigests(
        { db: app.db, mailer: app.mailer, log: app.log, publicUrl: app.config.publicUrl },
        new Date().toISOString().slice(0, 10),
      ),
    }),
  );
};
