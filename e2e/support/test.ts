import { test as base, type BrowserContext } from '@playwright/test';

// Every spec imports `test` from here: a test fails when any page of its browser context breaks
// the Content-Security-Policy (a refused script, style, frame, connection…), so a policy too
// strict for a screen, or a screen that starts needing an inline script, is caught where it
// happens. Both the page's `securitypolicyviolation` events and Chromium's console errors count
// (the console also reports what happens before a listener exists).
export { expect } from '@playwright/test';
export type { APIRequestContext, Locator, Page } from '@playwright/test';

const BINDING = '__stockwiseCspViolation';

/** Starts collecting the CSP violations of `context`'s pages into the returned list. */
export async function collectCspViolations(context: BrowserContext): Promise<string[]> {
  const violations: string[] = [];
  await context.exposeBinding(BINDING, ({ page }, text: string) => {
    violations.push(`${page.url()}: ${text}`);
  });
  await context.addInitScript((binding) => {
    document.addEventListener('securitypolicyviolation', (e) => {
      const report = (window as unknown as Record<string, (text: string) => void>)[binding];
      report?.(`${e.effectiveDirective} refused ${e.blockedURI || 'inline'} (${e.sourceFile}:${e.lineNumber})`);
    });
  }, BINDING);
  const watch = (page: import('@playwright/test').Page) =>
    page.on('console', (message) => {
      if (message.type() === 'error' && /Content Security Policy/i.test(message.text()))
        violations.push(`${page.url()}: ${message.text()}`);
    });
  context.pages().forEach(watch);
  context.on('page', watch);
  return violations;
}

/**
 * What the browser did, for a failed test's report: the pages it went to, its console errors and
 * the API's refusals. CI keeps only its printed output, not the traces, so a failure that does not
 * happen again (a race under load) still says what the browser saw.
 */
export function recordBrowserLog(context: BrowserContext): string[] {
  const log: string[] = [];
  const started = Date.now();
  const at = () => `+${((Date.now() - started) / 1000).toFixed(2)}s`;
  const watch = (page: import('@playwright/test').Page) => {
    page.on('framenavigated', (frame) => {
      if (frame === page.mainFrame()) log.push(`${at()} page ${frame.url()}`);
    });
    page.on('console', (message) => {
      if (message.type() === 'error' || message.type() === 'warning')
        log.push(`${at()} console.${message.type()} ${message.text()}`);
    });
    page.on('response', (response) => {
      if (response.status() >= 400)
        log.push(`${at()} ${response.status()} ${response.request().method()} ${response.url()}`);
    });
  };
  context.pages().forEach(watch);
  context.on('page', watch);
  return log;
}

export const test = base.extend<{ cspViolations: string[]; browserLog: string[] }>({
  browserLog: [
    async ({ context }, use, testInfo) => {
      const log = recordBrowserLog(context);
      await use(log);
      if (testInfo.status !== testInfo.expectedStatus && log.length > 0) {
        console.log(`[browser log of "${testInfo.title}"]\n${log.join('\n')}`);
      }
    },
    { auto: true },
  ],
  cspViolations: [
    async ({ context }, use, testInfo) => {
      const violations = await collectCspViolations(context);
      await use(violations);
      if (violations.length > 0 && testInfo.status === testInfo.expectedStatus) {
        throw new Error(`Content-Security-Policy violations:\n${[...new Set(violations)].join('\n')}`);
      }
    },
    { auto: true },
  ],
});
