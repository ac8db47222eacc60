// Writes shared/src/api/types.ts from the OpenAPI document of a freshly built app (in-memory database).
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildApp } from '../src/app.js';
import { loadConfig } from '../src/config.js';
import { openDatabase } from '../src/db/database.js';
import { migrate } from '../src/db/migrations.js';
import { generateTypes, type OpenApiDocument } from '../src/openapi-types.js';

export const TYPES_FILE = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  '..',
  '..',
  'shared',
  'src',
  'api',
  'types.ts',
);

const db = await openDatabase({ databaseUrl: null, dataDir: null });
await migrate(db);
const app = await buildApp({
  config: loadConfig({
    NODE_ENV: 'development',
    LOG_LEVEL: 'silent',
    DATA_DIR: path.join(process.env.TMPDIR ?? '/tmp', 'sw-typegen'),
  }),
  db,
  logger: false,
});
await app.ready();
writeFileSync(TYPES_FILE, generateTypes(app.swagger() as unknown as OpenApiDocument));
await app.close();
await db.close();
console.log(`wrote ${path.relative(process.cwd(), TYPES_FILE)}`);
