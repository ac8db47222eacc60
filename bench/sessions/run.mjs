// What checking the token's session costs each request: the request's one read of the caller
// (stockwise_enter for routes with an access rule, the authentication plugin's read otherwise)
// with and without the auth_sessions join, timed in alternation on one connection so that the
// load of the machine falls on both alike. No extra round trip is added, so this is the whole cost.
// Usage (from the repo root, on a PostgreSQL database the API has migrated and holding a user, e.g.
// after `api/test/sessions.pg.test.ts`; connects as a role that may write auth_sessions, e.g. the owner):
//   DATABASE_URL=postgres://… ROUNDS=3000 node bench/sessions/run.mjs
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));
const pg = createRequire(path.join(here, '..', '..', 'api', 'package.json'))('pg');
const ROUNDS = Number(process.env.ROUNDS ?? 3000);
if (!process.env.DATABASE_URL) throw new Error('DATABASE_URL is required');

const client = new pg.Client({ connectionString: process.env.DATABASE_URL });
await client.connect();
// A session of its own for the first user found (removed at the end): the database needs one user.
const [session] = (
  await client.query(
    `INSERT INTO auth_sessions (company_id, user_id, amr) SELECT company_id, id, 'password' FROM users LIMIT 1
     RETURNING company_id AS "companyId", user_id AS "userId", id`,
  )
).rows;
if (!session) throw new Error('no user in this database: register a company first');

// The request entry as it was before sessions (migration 0011), beside today's.
await client.query(`
CREATE FUNCTION pg_temp.enter_before(company uuid, caller uuid)
RETURNS TABLE (user_exists boolean, active boolean, roles text[], claims text[]) LANGUAGE plpgsql AS $fn$
BEGIN
  PERFORM set_config('role', 'stockwise_app', true), set_config('app.company_id', company::text, true);
  RETURN QUERY
    SELECT EXISTS (SELECT 1 FROM users u WHERE u.id = caller),
           EXISTS (SELECT 1 FROM users u WHERE u.id = caller AND u.deactivated_at IS NULL),
           (SELECT array_agg(r.name ORDER BY r.name) FROM user_roles ur
              JOIN roles r ON r.company_id = ur.company_id AND r.id = ur.role_id WHERE ur.user_id = caller),
           (SELECT array_agg(DISTINCT rc.claim_type || ':' || rc.claim_value) FROM user_roles ur
              JOIN role_claims rc ON rc.company_id = ur.company_id AND rc.role_id = ur.role_id
             WHERE ur.user_id = caller);
END
$fn$`);

const { companyId, userId, id } = session;
const tenant = `SELECT set_config('role', 'stockwise_app', true), set_config('app.company_id', $1, true)`;
const cases = {
  'access rule (stockwise_enter)': {
    before: () => client.query(`SELECT * FROM pg_temp.enter_before($1, $2)`, [companyId, userId]),
    after: () => client.query(`SELECT * FROM stockwise_enter($1, $2, $3)`, [companyId, userId, id]),
  },
  'no rule (authentication read)': {
    before: async () => {
      await client.query(tenant, [companyId]);
      await client.query(`SELECT deactivated_at IS NULL AS active FROM users WHERE id = $1`, [userId]);
    },
    after: async () => {
      await client.query(tenant, [companyId]);
      await client.query(
        `SELECT u.deactivated_at IS NULL AS active,
                EXISTS (SELECT 1 FROM auth_sessions s WHERE s.id = $2 AND s.user_id = u.id AND s.ended_at IS NULL
                          AND (s.not_after IS NULL OR s.not_after > now())) AS "sessionLive"
           FROM users u WHERE u.id = $1`,
        [userId, id],
      );
    },
  },
};

const percentile = (xs, p) => [...xs].sort((a, b) => a - b)[Math.floor((xs.length - 1) * p)];
const timed = async (fn) => {
  const t = process.hrtime.bigint();
  await client.query('BEGIN');
  await fn();
  await client.query('COMMIT');
  return Number(process.hrtime.bigint() - t) / 1000;
};

console.log(`| read | before p50 µs | after p50 µs | before mean µs | after mean µs | rounds |`);
console.log(`| ---- | ------------- | ------------ | -------------- | ------------- | ------ |`);
for (const [name, c] of Object.entries(cases)) {
  for (let i = 0; i < 200; i++) await timed(i % 2 ? c.before : c.after); // warm-up
  const before = [];
  const after = [];
  for (let i = 0; i < ROUNDS; i++) {
    before.push(await timed(c.before));
    after.push(await timed(c.after));
  }
  const mean = (xs) => (xs.reduce((a, b) => a + b, 0) / xs.length).toFixed(0);
  console.log(
    `| ${name} | ${percentile(before, 0.5).toFixed(0)} | ${percentile(after, 0.5).toFixed(0)} | ${mean(before)} | ${mean(after)} | ${ROUNDS} |`,
  );
}
await client.query(`DELETE FROM auth_sessions WHERE id = $1`, [session.id]);
await client.end();
