import { test as base, type BrowserContext, type Page, type Request } from '@playwright/test';

// Every spec imports `test` from here: a test fails when any page of its browser context breaks
// the Content-Security-Policy (a refused script, style, frame, connection…), so a policy too
// strict for a screen, or a screen that starts needing an inline script, is caught where it
// happens. Both the page's `securitypolicyviolation` events and Chromium's console errors count
// (the console also reports what happens before a listener exists).
export { expect } from '@playwright/test';
export type { APIRequestContext, Locator, Page } from '@playwright/test';

const BINDING = '__stockwiseCspViolation';

/** Starts collecting the CSP violations of `context`'s pages into `violations`. */
async function collectCspViolations(context: BrowserContext, violations: string[]): Promise<void> {
  await context.exposeBinding(BINDING, ({ page }, text: string) => {
    violations.push(`${page.url()}: ${text}`);
  });
  await context.addInitScript((binding) => {
    document.addEventListener('securitypolicyviolation', (e) => {
      const report = (window as unknown as Record<string, (text: string) => void>)[binding];
      report?.(`${e.effectiveDirective} refused ${e.blockedURI || 'inline'} (${e.sourceFile}:${e.lineNumber})`);
    });
  }, BINDING);
  const watch = (page: Page) =>
    page.on('console', (message) => {
      if (message.type() === 'error' && /Content Security Policy/i.test(message.text()))
        violations.push(`${page.url()}: ${message.text()}`);
    });
  context.pages().forEach(watch);
  context.on('page', watch);
}

/**
 * What the browser did, for a failed test's report: the pages it went to, its console errors, the
 * API's refusals and the requests still unanswered when the test ended. CI keeps only its printed
 * output, not the traces, so a failure that does not happen again (a race under load) still says
 * what the browser saw; a test that waited for ever says what it was waiting for.
 */
export function recordBrowserLog(
  context: BrowserContext,
  log: string[] = [],
  label = '',
  started = Date.now(),
): BrowserLog {
  const at = () => `+${((Date.now() - started) / 1000).toFixed(2)}s${label}`;
  const pending = new Map<Request, number>();
  const watch = (page: Page) => {
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
    page.on('request', (request) => pending.set(request, Date.now()));
    page.on('requestfinished', (request) => pending.delete(request));
    page.on('requestfailed', (request) => {
      pending.delete(request);
      log.push(`${at()} failed ${request.method()} ${request.url()}: ${request.failure()?.errorText ?? ''}`);
    });
  };
  context.pages().forEach(watch);
  context.on('page', watch);
  return {
    log,
    // A live-updates stream is open for as long as its page is: only what it says of others counts.
    unanswered: () =>
      [...pending]
        .filter(([request]) => request.resourceType() !== 'eventsource')
        .map(
          ([request, since]) =>
            `${at()} unanswered for ${((Date.now() - since) / 1000).toFixed(1)} s: ${request.method()} ${request.url()}`,
        ),
  };
}

/**
 * The start of what each open page of `context` showed when its test failed, as the accessibility
 * tree reads it (headings, fields, alerts): the screenshots stay on the CI machine, this is printed.
 */
async function whatPagesShow(context: BrowserContext, n: number): Promise<string[]> {
  const shown = await Promise.all(
    context.pages().map(async (page) => {
      if (page.url() === 'about:blank') return [];
      // The screen itself: the shell's banner and the stand-ins' notice are the same on every page.
      const main = page.getByRole('main');
      // A crashed page or one in mid-navigation throws on either read: the rest of the log is printed.
      const tree = await main
        .count()
        .then((count) => (count === 1 ? main : page.locator('body')).ariaSnapshot({ timeout: 5_000 }))
        .catch((error: unknown) => `(unread: ${String(error).split('\n')[0]})`);
      const lines = tree.split('\n');
      const cut = lines.length > 30 ? [...lines.slice(0, 30), `  … ${lines.length - 30} lines more`] : lines;
      return [`[context ${n}] ${page.url()} showed:`, ...cut.map((line) => `  ${line}`)];
    }),
  );
  return shown.flat();
}

export interface BrowserLog {
  log: string[];
  /** The requests sent and neither answered nor failed yet, each with how long it has waited. */
  unanswered(): string[];
}

/** Every browser context of one test: its own first, then each it opened, in order. */
export interface TestContexts {
  readonly all: readonly BrowserContext[];
  /** Runs `watcher` on each context there is and on each the test opens from now on. */
  each(watcher: (context: BrowserContext, n: number) => Promise<void> | void): Promise<void>;
}

export const test = base.extend<{ contexts: TestContexts; cspViolations: string[]; browserLog: string[] }>({
  // Every context a test opens — its own and each `browser.newContext()` (a second phone, a visitor
  // without JavaScript) — is watched as its own is (its log, its policy violations), and closed
  // when the test ends, after they are read: a test needs no `finally` of its own, whose error
  // would hide the one that failed the test.
  contexts: [
    async ({ context, browser }, use) => {
      const all: BrowserContext[] = [context];
      const watchers: Array<(context: BrowserContext, n: number) => Promise<void> | void> = [];
      const newContext = browser.newContext.bind(browser);
      browser.newContext = async (options) => {
        const made = await newContext(options);
        all.push(made);
        for (const watcher of watchers) await watcher(made, all.length);
        return made;
      };
      try {
        await use({
          all,
          each: async (watcher) => {
            watchers.push(watcher);
            for (const [i, made] of all.entries()) await watcher(made, i + 1);
          },
        });
      } finally {
        browser.newContext = newContext;
        await Promise.allSettled(all.slice(1).map((made) => made.close()));
      }
    },
    { auto: true },
  ],
  browserLog: [
    async ({ contexts }, use, testInfo) => {
      const log: string[] = [];
      const started = Date.now();
      const recorded: BrowserLog[] = [];
      await contexts.each((made, n) => {
        recorded.push(recordBrowserLog(made, log, n === 1 ? '' : ` [context ${n}]`, started));
      });
      await use(log);
      if (testInfo.status !== testInfo.expectedStatus) {
        const shown = await Promise.all(contexts.all.map((made, i) => whatPagesShow(made, i + 1)));
        const lines = [...log, ...recorded.flatMap((r) => r.unanswered()), ...shown.flat()];
        if (lines.length > 0) console.log(`[browser log of "${testInfo.title}"]\n${lines.join('\n')}`);
      }
    },
    { auto: true },
  ],
  cspViolations: [
    async ({ contexts }, use, testInfo) => {
      const violations: string[] = [];
      // One list for the test, whichever of its contexts saw the violation.
      await contexts.each((made) => collectCspViolations(made, violations));
      await use(violations);
      if (violations.length > 0 && testInfo.status === testInfo.expectedStatus) {
        throw new Error(`Content-Security-Policy violations:\n${[...new Set(violations)].join('\n')}`);
      }
    },
    { auto: true },
  ],
});
