import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { test as base, type Browser, type BrowserContext } from '@playwright/test';

export * from '@playwright/test';

/** The file a failed test leaves in its output folder: what its pages did, for a failure seen only in CI. */
export const JOURNAL_FILE = 'journal.txt';

/**
 * What the pages of a test did, line by line with the time since the test began: navigations, the page's
 * console warnings and errors, uncaught errors, and the answers of the app's own calls (path and status,
 * never bodies or cookies). Written only when the test fails.
 */
function journalOf(started: number) {
  const lines: string[] = [];
  const note = (pageNumber: number, text: string) => lines.push(`${String(Date.now() - started).padStart(6)} ms  page ${pageNumber}  ${text}`);
  let pages = 0;
  const watch = (context: BrowserContext) => {
    context.on('page', (page) => {
      const number = ++pages;
      page.on('framenavigated', (frame) => frame === page.mainFrame() && note(number, `at ${new URL(frame.url()).pathname}`));
      page.on('console', (message) => ['warning', 'error'].includes(message.type()) && note(number, `console ${message.type()}: ${message.text().slice(0, 300)}`));
      page.on('pageerror', (error) => note(number, `uncaught: ${error.message.slice(0, 300)}`));
      page.on('requestfailed', (request) => note(number, `${request.method()} ${new URL(request.url()).pathname} failed: ${request.failure()?.errorText ?? ''}`));
      page.on('response', (response) => {
        const { pathname } = new URL(response.url());
        if (pathname.startsWith('/api/') || pathname === '/graphql') note(number, `${response.request().method()} ${pathname} ${response.status()}`);
      });
    });
  };
  return { lines, watch };
}

/**
 * Playwright's `test`, closing at the end of each test the browser contexts it opened with
 * `browser.newContext()` (Playwright closes only its own `page` and `context`). One browser serves every test
 * of a worker: pages left open kept running their clocks, sockets and animations through every test after
 * theirs, and took most of the journey's time. A failed test leaves its pages' journal (`JOURNAL_FILE`).
 */
export const test = base.extend<{ closesItsContexts: void }>({
  closesItsContexts: [
    async ({ browser }, use, testInfo) => {
      const before = new Set(browser.contexts());
      const journal = journalOf(Date.now());
      const newContext = browser.newContext;
      browser.newContext = (async (...args: Parameters<Browser['newContext']>) => {
        const context = await newContext.apply(browser, args);
        journal.watch(context);
        return context;
      }) as Browser['newContext'];
      try {
        await use();
      } finally {
        browser.newContext = newContext;
        if (testInfo.status !== testInfo.expectedStatus && journal.lines.length > 0) {
          mkdirSync(testInfo.outputDir, { recursive: true });
          writeFileSync(join(testInfo.outputDir, JOURNAL_FILE), `${testInfo.titlePath.join(' › ')}\n${journal.lines.join('\n')}\n`);
        }
        await Promise.all(browser.contexts().filter((context) => !before.has(context)).map((context) => context.close()));
      }
    },
    { auto: true },
  ],
});
