// CPU a test file spends on its PGlite database before its first test: as the tests did before
// (an empty PGlite: initdb, then every migration) and as they do now (the migrated dump loaded,
// api/test/pglite-template.ts). CPU seconds, not wall-clock: the machine is shared.
// Usage (from api/): node --import tsx ../bench/ci/test-database.mts [rounds]
import { openDatabase } from '../../api/src/db/database.js';
import { migrate } from '../../api/src/db/migrations.js';
import { migratedPgliteDump } from '../../api/test/pglite-template.js';

const rounds = Number(process.argv[2] ?? 3);
const cpuSeconds = () => {
  const { user, system } = process.cpuUsage();
  return (user + system) / 1e6;
};

async function open(fromDump: boolean): Promise<number> {
  const started = cpuSeconds();
  const pgliteDump = fromDump ? await migratedPgliteDump() : undefined;
  const db = await openDatabase({ databaseUrl: null, dataDir: null, pgliteDump });
  await migrate(db);
  await db.close();
  return cpuSeconds() - started;
}

await migratedPgliteDump(); // made once per set of migrations, not per file
for (const [label, fromDump] of [
  ['initdb + migrations (before)', false],
  ['migrated dump (now)', true],
] as const) {
  const each: number[] = [];
  // Alternating would mix the two in one heap; one after the other, same process, same load.
  for (let i = 0; i < rounds; i++) each.push(await open(fromDump));
  const mean = each.reduce((a, b) => a + b, 0) / each.length;
  console.log(`${label}: ${mean.toFixed(2)} CPU s per database (${each.map((s) => s.toFixed(2)).join(', ')})`);
}
