// A bench's temporary folder, removed when the bench ends however it ends. A seeded data set is
// gigabytes (a PostgreSQL cluster of 200,000 items ≈ 2 GB), and this machine also runs CI: folders
// left behind by earlier runs once filled its disk.
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/** A new folder under the system's temporary one, named `sw-bench-<name>-…`, gone at exit. */
export function scratchDir(name) {
  const dir = mkdtempSync(path.join(os.tmpdir(), `sw-bench-${name}-`));
  process.on('exit', () => rmSync(dir, { recursive: true, force: true }));
  return dir;
}
