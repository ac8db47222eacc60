// CPU seconds Chromium spends loading one signed-in page of the app, in four ways: a fresh browser
// context per load (as every test has), one context for all loads (what reusing a context across
// tests would save), and a fresh context with Playwright's tracing on, with and without its
// screenshots (the suite's `trace` setting). Counts the browser's process tree from /proc (see
// browser-cpu.mjs); CPU, not wall-clock, as the machine is shared.
// Usage: node bench/ci/page-load-cpu.mjs <base URL of a running product> [loads] [path]
//   MODES=fresh,shared,traced,snapshots (the default, in that order; repeat to interleave);
//   mode `flagged` is `fresh` in a second browser launched with BROWSER_FLAGS_EXTRA='--flag …' added
//   (and from FLAGGED_PATH, e.g. /usr/bin/chromium-headless-shell, if set),
//   and CONTEXT_OPTIONS='{"reducedMotion":"reduce"}' adds options to every context
import { readFileSync } from 'node:fs';
import { chromium, request as playwrightRequest } from 'playwright-core';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../../scripts/lib/chromium.mjs';
import { treeCpu } from './tree-cpu.mjs';

const [base = 'http://localhost:8080', loads = '4', path = '/settings/company'] = process.argv.slice(2);
const modes = (process.env.MODES ?? 'fresh,shared,traced,snapshots').split(',');

// A new company's owner, verified through the development outbox and signed in by the API.
const api = await playwrightRequest.newContext({ baseURL: base });
const id = Date.now().toString(36);
const owner = { userName: `bench_${id}`, email: `bench_${id}@example.com`, password: 'correct horse battery' };
const registered = await api.post('/api/auth/company-with-admin', {
  data: {
    ...owner,
    companyName: `Bench ${id}`,
    firstName: 'A',
    lastName: 'B',
    phone: '+1 555 0100',
    industry: 'Retail',
    withGoogle: false,
  },
});
if (!registered.ok()) throw new Error(`registration answered ${registered.status()}`);
let mails = [];
for (let i = 0; i < 50 && mails.length === 0; i++) {
  mails = await (await api.get(`/api/dev/outbox?to=${encodeURIComponent(owner.email)}`)).json();
  if (mails.length === 0) await new Promise((r) => setTimeout(r, 200));
}
const verifyToken = new URL(mails[0].text.match(/https?:\S+\/verify-email\?\S+/)[0]).searchParams.get('token');
await api.post('/api/auth/verify-email', { data: { token: verifyToken } });
const signedIn = await api.post('/api/auth/login', { data: { userName: owner.userName, password: owner.password } });
if (!signedIn.ok()) throw new Error(`login answered ${signedIn.status()}`);
const login = await signedIn.json();
const auth = (await (await api.get('/api/environment')).json()).auth;
const authUser = await (
  await api.get(`${auth.url}/auth/v1/user`, { headers: { apikey: auth.key, authorization: `Bearer ${login.token}` } })
).json();
// The storage e2e/support/session.ts signInWithToken writes.
const storage = [
  login.token,
  login.user,
  `${new URL(auth.url).hostname.split('.')[0]}-auth-token`,
  JSON.stringify({ ...login.session, user: authUser }),
];
const signIn = ([token, user, key, session]) => {
  localStorage.setItem('token', token);
  localStorage.setItem('user', JSON.stringify(user));
  localStorage.setItem(key, session);
};

const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
const extraFlags = (process.env.BROWSER_FLAGS_EXTRA ?? '').split(' ').filter(Boolean);
const flagged = modes.includes('flagged')
  ? await chromium.launch({
      executablePath: process.env.FLAGGED_PATH || CHROMIUM_PATH,
      args: [...CHROMIUM_ARGS, ...extraFlags],
    })
  : null;
const contextOptions = JSON.parse(process.env.CONTEXT_OPTIONS ?? '{}');
const newContext = async (on = browser) => {
  const context = await on.newContext({ baseURL: base, ...contextOptions });
  await context.addInitScript(signIn, storage);
  return context;
};
const load = async (context) => {
  const page = await context.newPage();
  await page.goto(path, { waitUntil: 'networkidle' });
  await page.locator('main h1').first().waitFor();
  await page.close();
};
const inFreshContext = async (tracing, on = browser) => {
  const context = await newContext(on);
  if (tracing) await context.tracing.start({ ...tracing, sources: true });
  await load(context);
  if (tracing) await context.tracing.stop();
  await context.close();
};
await inFreshContext(); // the server's caches warm alike for every mode
if (flagged) await inFreshContext(null, flagged);

for (const mode of modes) {
  const before = treeCpu(process.pid);
  const started = Date.now();
  if (mode === 'shared') {
    const context = await newContext();
    for (let i = 0; i < Number(loads); i++) await load(context);
    await context.close();
  } else if (mode === 'flagged') {
    for (let i = 0; i < Number(loads); i++) await inFreshContext(null, flagged);
  } else {
    const tracing = {
      fresh: null,
      traced: { screenshots: true, snapshots: true },
      snapshots: { screenshots: false, snapshots: true },
    }[mode];
    if (tracing === undefined) throw new Error(`unknown mode ${mode}`);
    for (let i = 0; i < Number(loads); i++) await inFreshContext(tracing);
  }
  const cpu = treeCpu(process.pid) - before;
  const loadAverage = readFileSync('/proc/loadavg', 'utf8').split(' ')[0];
  console.log(
    `${mode}: ${cpu.toFixed(1)} CPU s, ${((Date.now() - started) / 1000).toFixed(1)} s wall, ${loads} loads of ${path} (load average ${loadAverage})`,
  );
}
await browser.close();
await flagged?.close();
await api.dispose();
