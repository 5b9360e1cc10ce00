import { test as base } from '@playwright/test';

export * from '@playwright/test';

/**
 * Playwright's `test`, closing at the end of each test the browser contexts it opened with
 * `browser.newContext()` (Playwright closes only its own `page` and `context`). One browser serves every test
 * of a worker: pages left open kept running their clocks, sockets and animations through every test after
 * theirs, and took most of the journey's time.
 */
export const test = base.extend<{ closesItsContexts: void }>({
  closesItsContexts: [
    async ({ browser }, use) => {
      const before = new Set(browser.contexts());
      await use();
      await Promise.all(browser.contexts().filter((context) => !before.has(context)).map((context) => context.close()));
    },
    { auto: true },
  ],
});
