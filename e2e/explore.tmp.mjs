// Temporary exploration script (not committed).
import { chromium } from '@playwright/test';
const BASE = 'http://localhost:8441';
const [, , who = 'admin', lang = 'en', width = '1280', only = ''] = process.argv;
const SCREENS = ['company','brands','label-settings','stores','item-types','transaction-types','role-claims','users','invitations','roles','role-management'].filter(s=>!only||only.split(',').includes(s));
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox'] });
const context = await browser.newContext({ viewport: { width: Number(width), height: 900 } });
const page = await context.newPage();
const errors = [];
page.on('console', (m) => { if (m.type() === 'error' || m.type()==='warning') errors.push(`${m.type()}: ${m.text().slice(0, 300)}`); });
page.on('pageerror', (e) => errors.push(`pageerror: ${e.message}`));
const login = await (await fetch(`${BASE}/api/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ userName: who, password: 'Demo1234!' }) })).json();
await page.goto(`${BASE}/privacy-policy`, { waitUntil: 'networkidle' });
await page.evaluate(([t, u, l]) => { localStorage.setItem('token', t); localStorage.setItem('user', JSON.stringify(u)); localStorage.setItem('language', l); }, [login.token, login.user, lang]);
for (const s of SCREENS) {
  errors.length = 0;
  await page.goto(`${BASE}/settings/${s}`, { waitUntil: 'networkidle' });
  await page.waitForTimeout(500);
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  const h1 = await page.locator('main h1').first().textContent().catch(() => '?');
  await page.screenshot({ path: `/tmp/set-shots/${who}-${lang}-${width}-${s}.png`, fullPage: true });
  console.log(`${s}: h1=${h1} overflow=${overflow} ${errors.length ? '\n   ' + errors.join('\n   ') : ''}`);
}
await browser.close();
