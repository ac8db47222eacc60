// What an API test file spends before and around its assertions on PostgreSQL, in CPU seconds of
// this process (the machine is shared, wall-clock moves with others' work): the app (testApp:
// open, migrate — a no-op on a migrated database — build, ready), a company (registerCompany:
// register, verify, sign in) and one password hash, the part of it argon2 costs.
// Usage (from api/, DATABASE_URL of a migrated database): node --import tsx ../bench/ci/test-setup.mts [rounds]
import { hashPassword } from '../../api/src/lib/passwords.js';
import { closeShared, registerCompany, testApp } from '../../api/test/helpers.js';

const rounds = Number(process.argv[2] ?? 5);
const cpu = () => {
  const { user, system } = process.cpuUsage();
  return (user + system) / 1e6;
};
const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;

async function measure(label: string, step: () => Promise<unknown>) {
  const each: number[] = [];
  for (let i = 0; i < rounds; i++) {
    const started = cpu();
    await step();
    each.push(cpu() - started);
  }
  console.log(`${label}: ${each.map((s) => s.toFixed(3)).join(', ')} (mean ${mean(each).toFixed(3)} CPU s)`);
}

let first = cpu();
const ctx = await testApp();
console.log(`first testApp of a file (pool, migrate, build, ready): ${(cpu() - first).toFixed(3)} CPU s`);
await measure('another testApp (build, ready, close)', async () => (await testApp()).close());
await measure('registerCompany', () => registerCompany(ctx.app));
await measure('hashPassword (argon2id m=19 MiB t=2)', () => hashPassword('correct-horse-battery'));
first = cpu();
await ctx.close();
await closeShared();
console.log(`close: ${(cpu() - first).toFixed(3)} CPU s`);
