// An anchor for a read: a bare Fastify server whose one route sends the statements the API sent for
// one request (capture.mjs) through a pg pool of the API's size, and answers the last rows as JSON.
// No token, no access plugin, no schemas, no hooks: what the request would cost if the API added
// nothing to HTTP and its own SQL. Its rate against the bare hello-world says what the SQL allows;
// the API's rate against it says what the API adds.
//
//   node bench/request-cost/replay-server.mjs <port> <steps.json> <database url> <pool size>
// (run.mjs starts it in its own process, as it does the API and the bare server).
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const apiDir = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', '..', 'api');
const require = createRequire(path.join(apiDir, 'package.json'));
const Fastify = require('fastify');
const pg = require('pg');

const [port, stepsFile, databaseUrl, poolSize] = process.argv.slice(2);
const steps = JSON.parse(readFileSync(stepsFile, 'utf8'));
const pool = new pg.Pool({ connectionString: databaseUrl, max: Number(poolSize) });

/** A logged parameter ('…' or NULL) as the value pg sends. */
const value = (literal) => (literal == null || literal === 'NULL' ? null : literal.slice(1, -1).replaceAll("''", "'"));
// Named as the API names its statements: each is parsed and planned once per connection.
const queries = steps.map((step, i) =>
  step.kind === 'simple' ? step.text : { name: `replay_${i}`, text: step.sql, values: step.params.slice(1).map(value) },
);
const rowsOf = (result) => (Array.isArray(result) ? result.at(-1).rows : result.rows);

const app = Fastify({ logger: false });
app.get('/', async () => {
  if (queries.length === 1) return rowsOf(await pool.query(queries[0]));
  const client = await pool.connect();
  try {
    let rows = [];
    for (const query of queries) {
      const result = rowsOf(await client.query(query));
      if (result.length) rows = result;
    }
    return rows;
  } finally {
    client.release();
  }
});
await app.listen({ port: Number(port), host: '127.0.0.1' });
