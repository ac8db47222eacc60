import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

// Real API processes (`node --import tsx src/main.ts`), for the tests that need more than one,
// or a kill. Node itself, not the tsx command: that one runs the API in a child of its own, and a
// SIGKILL to it would leave the API running.
const apiRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

export const freePort = () =>
  new Promise<number>((resolve) => {
    const s = createServer().listen(0, '127.0.0.1', () => {
      const port = (s.address() as { port: number }).port;
      s.close(() => resolve(port));
    });
  });

export interface ApiProcess {
  base: string;
  child: ChildProcess;
  output(): string;
  /** SIGKILL: no shutdown, no flush — what a crash or an OOM kill does. */
  kill(): Promise<void>;
  stop(): Promise<void>;
}

/** Starts the API with these variables (NODE_ENV=test, the parent's DATABASE_URL unless given) and waits for /api/health. */
export async function startApi(env: Record<string, string>, port?: number): Promise<ApiProcess> {
  const { NODE_OPTIONS: _o, DATABASE_URL: _d, ...rest } = process.env;
  const listen = port ?? (await freePort());
  const base = `http://127.0.0.1:${listen}`;
  let output = '';
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
    cwd: apiRoot,
    env: {
      ...rest,
      NODE_ENV: 'test',
      LOG_LEVEL: 'warn',
      SEED_DEMO: '0',
      API_PORT: String(listen),
      PUBLIC_URL: 'http://localhost:8080',
      JWT_SECRET: 'replicas-share-this-secret-of-32-bytes-or-more',
      ...env,
    },
  });
  child.stdout!.on('data', (d: Buffer) => (output += d.toString()));
  child.stderr!.on('data', (d: Buffer) => (output += d.toString()));
  const exited = new Promise<void>((r) => child.once('exit', () => r()));
  const deadline = Date.now() + 120_000;
  for (;;) {
    if (child.exitCode !== null || child.signalCode) throw new Error(`the API exited: ${output}`);
    try {
      if ((await fetch(`${base}/api/health`)).ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error(`the API did not start: ${output}`);
    await new Promise((r) => setTimeout(r, 200));
  }
  return {
    base,
    child,
    output: () => output,
    kill: async () => {
      if (child.exitCode === null && !child.signalCode) child.kill('SIGKILL');
      await exited;
    },
    stop: async () => {
      if (child.exitCode === null && !child.signalCode) child.kill('SIGTERM');
      await exited;
    },
  };
}

export interface Answer {
  status: number;
  body: any; // eslint-disable-line @typescript-eslint/no-explicit-any
}

/** One HTTP call as an integrator makes it: JSON unless a content type is given. */
export async function call(
  base: string,
  method: string,
  url: string,
  options: { token?: string; body?: unknown; contentType?: string; headers?: Record<string, string> } = {},
): Promise<Answer> {
  const headers: Record<string, string> = { ...options.headers };
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  let body: string | undefined;
  if (options.body !== undefined) {
    headers['content-type'] = options.contentType ?? 'application/json';
    body = typeof options.body === 'string' ? options.body : JSON.stringify(options.body);
  }
  const res = await fetch(`${base}${url}`, { method, headers, body });
  const text = await res.text();
  let parsed: unknown = text;
  try {
    parsed = JSON.parse(text);
  } catch {
    /* not JSON */
  }
  return { status: res.status, body: parsed };
}
