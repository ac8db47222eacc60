import { spawnSync } from 'node:child_process';
import { hash } from '@node-rs/argon2';
import { OWASP_HASHING, hashPassword, passwordHashing, verifyPassword } from '../src/lib/passwords.js';

// The test suite hashes at a lower cost (test/password-cost.ts); these prove that nothing but the
// test suite can: a deployment's stored hashes always carry OWASP's argon2id parameters.

const OWASP_PREFIX = '$argon2id$v=19$m=19456,t=2,p=1$';

/** The hash a fresh process makes of a password, under `env`: what a deployment stores. */
function hashInProcess(env: Record<string, string>): string {
  const script = `const { hashPassword } = await import(${JSON.stringify(new URL('../src/lib/passwords.ts', import.meta.url).href)});
    process.stdout.write(await hashPassword('correct-horse-battery'));`;
  const { PASSWORD_HASH_COST: _cost, NODE_ENV: _mode, ...rest } = process.env;
  const run = spawnSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], {
    env: { ...rest, ...env },
    encoding: 'utf8',
  });
  if (run.status !== 0) throw new Error(run.stderr);
  return run.stdout;
}

test('production, development and an unset NODE_ENV hash with OWASP parameters, whatever PASSWORD_HASH_COST says', () => {
  expect(OWASP_HASHING).toMatchObject({ memoryCost: 19456, timeCost: 2, parallelism: 1 });
  for (const NODE_ENV of ['production', 'development', undefined, 'Test'])
    expect(passwordHashing({ NODE_ENV, PASSWORD_HASH_COST: 'test' })).toBe(OWASP_HASHING);
  expect(passwordHashing({ NODE_ENV: 'test' })).toBe(OWASP_HASHING);
  expect(passwordHashing({ NODE_ENV: 'test', PASSWORD_HASH_COST: 'test' })).not.toBe(OWASP_HASHING);
});

test('a production process stores m = 19 MiB, t = 2 hashes even with PASSWORD_HASH_COST=test set', () => {
  expect(hashInProcess({ NODE_ENV: 'production', PASSWORD_HASH_COST: 'test' })).toMatch(OWASP_PREFIX);
  expect(hashInProcess({ PASSWORD_HASH_COST: 'test' })).toMatch(OWASP_PREFIX);
}, 60_000);

test('a hash of either cost verifies under the other, and a wrong password never does', async () => {
  const owasp = await hash('correct-horse-battery', OWASP_HASHING);
  const cheap = await hashPassword('correct-horse-battery');
  expect(await verifyPassword(owasp, 'correct-horse-battery')).toBe(true);
  expect(await verifyPassword(cheap, 'correct-horse-battery')).toBe(true);
  expect(await verifyPassword(owasp, 'correct-horse-batterz')).toBe(false);
  expect(await verifyPassword(cheap, 'correct-horse-batterz')).toBe(false);
});
