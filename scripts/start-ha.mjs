#!/usr/bin/env node
// `npm run start:ha`: the product on a PostgreSQL cluster that survives losing a server — a
// pg_auto_failover monitor, a primary and a synchronous standby (scripts/lib/ha.mjs), two API
// replicas following the primary, and the gateway in front of both on one URL. Data in .data/ha/
// (or $HA_DIR); the cluster's URL and nodes in .data/ha/cluster.json, refreshed as roles change.
// Needs `apt-get install postgresql-15-auto-failover` (README). docs/deploying.md: three machines.
import { join } from 'node:path';
import { haCluster } from './lib/ha.mjs';
import { ensureBuilt, ensureInstalled, root, startProduct } from './lib/workspace.mjs';

const log = (...a) => console.log('[stockwise:ha]', ...a);
let cluster;
try {
  ensureInstalled();
  ensureBuilt();
  const dir = process.env.HA_DIR || join(root, '.data', 'ha');
  cluster = haCluster({ dir, portBase: Number(process.env.HA_PG_PORT || 6000), log });
  const url = await cluster.start();
  const stateFile = join(dir, 'cluster.json');
  await cluster.writeState(stateFile, url);
  log(`cluster ready: ${url}`);
  const port = Number(process.env.PORT || 8080);
  const product = await startProduct({
    port,
    apiPort: Number(process.env.API_PORT || port + 1),
    dataDir: join(dir, 'api'),
    replicas: 2,
    // Reports and the dashboard read the standby (db/replica.ts), the primary when it lags or is gone.
    env: {
      DATABASE_URL: url,
      DATABASE_READ_URL: url.replace('target_session_attrs=read-write', 'target_session_attrs=prefer-standby'),
    },
  });
  // Roles change on a failover: the file says who is primary now.
  const refresh = setInterval(() => cluster.writeState(stateFile, url).catch(() => undefined), 2000);
  console.log(
    `\n  Stockwise is running at ${product.url} on a pg_auto_failover cluster (${stateFile}).\n` +
      `  Two API replicas; lose the primary (kill -9 its postmaster and pg_autoctl) and the standby takes over.\n  Press Ctrl-C to stop.\n`,
  );
  let stopping = false;
  const shutdown = async () => {
    if (stopping) return;
    stopping = true;
    clearInterval(refresh);
    log('stopping…');
    await product.stop();
    await cluster.stop();
    process.exit(0);
  };
  process.on('SIGINT', shutdown);
  process.on('SIGTERM', shutdown);
  for (const api of product.apis)
    api.on('exit', (code) => {
      if (!stopping) {
        console.error(`[stockwise:ha] an API replica stopped unexpectedly (exit code ${code}).`);
        void shutdown().then(() => process.exit(1));
      }
    });
} catch (error) {
  console.error(`[stockwise:ha] ${error instanceof Error ? error.message : error}`);
  await cluster?.stop().catch(() => undefined);
  process.exit(1);
}
