#!/usr/bin/env node
// `npm start`: install (once), build (when sources changed), then serve the whole product on
// one URL — http://localhost:8080, or $PORT. Data persists in .data/ (or $DATA_DIR).
import { ensureBuilt, ensureInstalled, startProduct } from './lib/workspace.mjs';

try {
  ensureInstalled();
  ensureBuilt();
  const port = Number(process.env.PORT || 8080);
  const product = await startProduct({
    port,
    apiPort: Number(process.env.API_PORT || port + 1),
    ...(process.env.DATA_DIR ? { dataDir: process.env.DATA_DIR } : {}),
  });
  const where =
    product.mode === 'development'
      ? `  Development mode: stand-ins (sign-in, checkout, mail outbox, demo data), listening on ${product.host} only.\n  For a server: NODE_ENV=production npm start (docs/deploying.md).`
      : `  Production mode: no stand-ins, listening on ${product.host}.`;
  console.log(`\n  Stockwise is running at ${product.url}\n${where}\n  Press Ctrl-C to stop.\n`);
  let stopping = false;
  const shutdown = async () => {
    if (stopping) return;
    stopping = true;
    console.log('\n[stockwise] stopping…');
    await product.stop();
    process.exit(0);
  };
  process.on('SIGINT', shutdown);
  process.on('SIGTERM', shutdown);
  product.api.on('exit', (code) => {
    if (!stopping) {
      console.error(`[stockwise] the API stopped unexpectedly (exit code ${code}).`);
      process.exit(1);
    }
  });
} catch (error) {
  console.error(`[stockwise] ${error instanceof Error ? error.message : error}`);
  process.exit(1);
}
