import { expect, test, type Browser, type Page } from './fixtures';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { instantOf, localTime } from '@nocturne/contracts';
import { startEmbeddedStack, type EmbeddedStack } from '@nocturne/stack';
import { matched, seedPerson, type Seeded } from './people';
import { answerLocationDialog, signIn, toastWith } from './support';

// The dawn rule on the matches list: the "fades at dawn" mark in a match's last night, the Time-Freeze
// button (Max keeps the match; anyone else gets the upgrade prompt), and a faded match leaving the list.
// Time is the server's: this spec runs an embedded stack of its own whose clock it moves forward.

const ZONE = 'Europe/Berlin';
let offsetMs = 3 * 24 * 3600_000;
const clock = () => new Date(Date.now() + offsetMs);
const setNow = (instant: Date) => {
  offsetMs += Math.max(0, instant.getTime() - clock().getTime());
};
const addDays = ({ year, month, day }: { year: number; month: number; day: number }, days: number) => {
  const date = new Date(Date.UTC(year, month - 1, day + days));
  return { year: date.getUTCFullYear(), month: date.getUTCMonth() + 1, day: date.getUTCDate() };
};

let stack: EmbeddedStack;
const dataDir = mkdtempSync(join(tmpdir(), 'nocturne-e2e-dawn-'));

test.describe.configure({ timeout: 180_000 });

test.beforeAll(async () => {
  stack = await startEmbeddedStack({
    port: 0,
    host: '127.0.0.1',
    dataDir,
    subgraphPorts: 'free',
    clock,
    env: { SWIPE_WINDOW: 'always', CHAT_DAWN_ROUND_MS: '200', DEMO_NIGHT_OWLS: 'false', LOG_LEVEL: 'warn', RATE_SIGN_UP_ADDRESS_LIMIT: '1000', KAFKA_BROKERS: '', MONGODB_URI: '', REDIS_URL: '' },
  });
});

test.afterAll(async () => {
  await stack?.stop();
  rmSync(dataDir, { recursive: true, force: true });
});

async function openMatches(browser: Browser, who: Seeded): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, hasTouch: true, timezoneId: ZONE, baseURL: stack.url });
  const page = await context.newPage();
  await signIn(page, who.username, who.password);
  await answerLocationDialog(page, 'Skip for Now');
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: /^Messages/ }).click();
  return page;
}
const row = (page: Page, name: string) => page.getByRole('list').getByRole('button', { name: new RegExp(`^${name}`) });

test('a silent match is marked "fades at dawn" in its last night, Max keeps it with a Time-Freeze, others get the prompt, and a faded match leaves the list', async ({ browser }) => {
  // 21:00 in Berlin, a day after the clock's now.
  const evening = addDays(localTime(clock(), ZONE), 1);
  const at = (days: number, hour: number) => instantOf({ ...addDays(evening, days), hour }, ZONE);
  setNow(at(0, 21));
  const person = (name: string) => seedPerson({ name, base: stack.url, timeZone: ZONE, photos: 1 });
  const [luna, sol, orion, vega] = [await person('Luna'), await person('Sol'), await person('Orion'), await person('Vega')];
  expect((await luna.api.post('/api/plan', { data: { plan: 'max' } })).status()).toBe(200);
  await matched(luna, sol);
  await matched(luna, orion);
  const withVega = await matched(vega, sol);
  expect((await vega.api.post('/api/messages', { data: { matchId: withVega, senderId: vega.id, content: 'Hello Sol' } })).status()).toBe(201);

  // The match night: no mark yet.
  const lunaPage = await openMatches(browser, luna);
  await expect(row(lunaPage, 'Sol')).toBeVisible();
  await expect(lunaPage.getByText('fades at dawn')).toHaveCount(0);

  // The next night is the last: both silent matches are marked, with the Time-Freeze under them.
  setNow(at(1, 22));
  await lunaPage.reload();
  await expect(row(lunaPage, 'Sol')).toHaveAccessibleName('Sol, fades at dawn');
  await expect(row(lunaPage, 'Orion')).toHaveAccessibleName('Orion, fades at dawn');
  await lunaPage.screenshot({ path: test.info().outputPath('fades-at-dawn-390.png') });
  await lunaPage.setViewportSize({ width: 1280, height: 800 });
  await lunaPage.screenshot({ path: test.info().outputPath('fades-at-dawn-1280.png') });
  await lunaPage.setViewportSize({ width: 390, height: 844 });

  // Max: Luna keeps Sol one more night.
  await lunaPage.getByRole('button', { name: 'Time-Freeze: keep Sol one more night' }).click();
  await expect(toastWith(lunaPage, 'Kept one more night')).toBeVisible();
  await expect(toastWith(lunaPage, '6 Time-Freezes left')).toBeVisible();
  await expect(row(lunaPage, 'Sol')).toHaveAccessibleName('Sol');
  await expect(row(lunaPage, 'Orion')).toHaveAccessibleName('Orion, fades at dawn');

  // Free: on a silent match the Time-Freeze opens the upgrade prompt; a match somebody wrote in has no mark.
  const orionPage = await openMatches(browser, orion);
  await orionPage.getByRole('button', { name: 'Time-Freeze: keep Luna one more night' }).click();
  const prompt = orionPage.getByRole('dialog', { name: 'Keep this match one more night' });
  await expect(prompt).toBeVisible();
  await expect(prompt.getByRole('button', { name: /^Get Max/ })).toBeVisible();
  await prompt.getByRole('button', { name: 'Not now' }).click();
  const solPage = await openMatches(browser, sol);
  await expect(row(solPage, 'Vega')).toHaveAccessibleName('Vega, 1 unread');

  // Dawn: the match nobody kept leaves both lists while they are open; the kept one stays.
  setNow(at(2, 4));
  await expect(row(lunaPage, 'Orion')).toHaveCount(0, { timeout: 15_000 });
  await expect(orionPage.getByText('No matches yet')).toBeVisible({ timeout: 15_000 });
  await expect(row(lunaPage, 'Sol')).toBeVisible();
  await lunaPage.screenshot({ path: test.info().outputPath('after-dawn-390.png') });
});
