import { buildApp } from './app.js';
import { ConfigError, loadConfig, type Config } from './config.js';
import { openDatabase } from './db/database.js';
import { migrate } from './db/migrations.js';
import { seedDemoIfEmpty } from './seed.js';

async function start(): Promise<void> {
  let config: Config;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(`stockwise-api: bad configuration: ${error.message}`);
      process.exit(1);
    }
    throw error;
  }

  let db;
  try {
    db = await openDatabase({
      databaseUrl: config.databaseUrl,
      dataDir: config.databaseUrl ? null : `${config.dataDir}/pglite`,
    });
    await migrate(db);
  } catch (error) {
    const where = config.databaseUrl
      ? 'the PostgreSQL server at DATABASE_URL'
      : `the embedded database in ${config.dataDir}/pglite`;
    console.error(`stockwise-api: cannot open ${where}: ${(error as Error).message}`);
    process.exit(1);
  }

  let app: Awaited<ReturnType<typeof buildApp>>;
  try {
    app = await buildApp({ config, db });
  } catch (error) {
    // Adapters read their own settings while the app is built (the payment keys, say).
    if (error instanceof ConfigError) {
      console.error(`stockwise-api: bad configuration: ${error.message}`);
      await db.close();
      process.exit(1);
    }
    throw error;
  }
  let demo = null;
  if (config.seedDemo) demo = await seedDemoIfEmpty(db);

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    const force = setTimeout(() => process.exit(1), 10_000);
    force.unref();
    try {
      await app.close();
      await db.close();
      process.exit(0);
    } catch (error) {
      app.log.error({ err: error }, 'shutdown failed');
      process.exit(1);
    }
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));

  try {
    await app.listen({ port: config.port, host: config.host });
  } catch (error) {
    console.error(`stockwise-api: cannot listen on ${config.host}:${config.port}: ${(error as Error).message}`);
    process.exit(1);
  }

  if (demo) {
    const lines = [
      '',
      '┌──────────────────────────────────────────────────────────────────┐',
      '│ Demo company seeded ("Demo Company"). Sign in with:              │',
      ...demo.map((u) => `│   ${u.userName.padEnd(16)} / ${u.password.padEnd(12)} ${u.roles.join(', ').padEnd(30)}│`),
      '└──────────────────────────────────────────────────────────────────┘',
      '',
    ];
    process.stdout.write(lines.join('\n') + '\n');
  }
}

void start();
