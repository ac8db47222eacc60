import { openDatabase, type Database } from '../src/db/database.js';

// A connection that dies inside a transaction (a server restart, a failover, a terminated backend)
// fails that transaction's statement, and only that: the API process goes on and the pool hands
// out a live connection next. pg reports the loss twice, as the statement's rejection and as an
// 'error' event on the client, which would end the process if nothing listened while the client is
// checked out. PostgreSQL only (a backend to terminate).
if (!process.env.DATABASE_URL) throw new Error('lost-connection.pg.test.ts needs DATABASE_URL (a PostgreSQL server)');

let db: Database;
let other: Database;
beforeAll(async () => {
  db = await openDatabase({ databaseUrl: process.env.DATABASE_URL!, dataDir: null });
  other = await openDatabase({ databaseUrl: process.env.DATABASE_URL!, dataDir: null });
});
afterAll(async () => {
  await db?.close();
  await other?.close();
});

test('a backend terminated mid-transaction fails that transaction; the next query is answered', async () => {
  const lost = db.transaction(async (q) => {
    const [me] = await q.query<{ pid: number }>('SELECT pg_backend_pid() AS pid');
    await other.query('SELECT pg_terminate_backend($1)', [me!.pid]);
    // The server has closed this connection; give its goodbye time to arrive before the next statement.
    await new Promise((resolve) => setTimeout(resolve, 200));
    await q.query('SELECT 1');
  });
  await expect(lost).rejects.toThrow();
  expect(await db.query<{ one: number }>('SELECT 1 AS one')).toEqual([{ one: 1 }]);
});
