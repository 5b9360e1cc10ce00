import { execFile } from 'node:child_process';
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { expect, test, type Page } from './fixtures';
import { seedPerson, type Seeded } from './people';
import { answerLocationDialog, signIn } from './support';

// Contact support from Settings: the form's rules are explained at once, the person sees a confirmation,
// and the request lands in `npm run support:open` with Plus and Max members' first.

/** `npm run support:open`: on the real servers as an operator runs it, else from a copy of the stack's data directory. */
async function openSupportRequests(): Promise<string> {
  const tool = path.resolve(__dirname, '..', '..', 'services', 'chat', 'dist', 'tools', 'openSupportRequests.js');
  if (process.env.E2E_STACK === 'real') {
    const { KAFKA_BROKERS = '', MONGODB_URI = '', REDIS_URL = '' } = process.env;
    return (await promisify(execFile)(process.execPath, [tool], { env: { PATH: process.env.PATH ?? '', KAFKA_BROKERS, MONGODB_URI, REDIS_URL } })).stdout;
  }
  const copy = mkdtempSync(path.join(tmpdir(), 'nocturne-e2e-support-'));
  try {
    cpSync(process.env.E2E_DATA_DIR!, copy, { recursive: true });
    const { stdout } = await promisify(execFile)(process.execPath, [tool], { env: { PATH: process.env.PATH ?? '', KAFKA_BROKERS: '', MONGODB_URI: '', REDIS_URL: '', NOCTURNE_DATA_DIR: copy } });
    return stdout;
  } finally {
    rmSync(copy, { recursive: true, force: true });
  }
}

async function settingsOf(page: Page, person: Seeded) {
  await signIn(page, person.username, person.password);
  await answerLocationDialog(page, 'Skip for Now');
  await page.goto('/settings');
  return page.getByRole('region', { name: 'Contact support' });
}

test('a member writes to support from Settings: clear errors first, then a confirmation; Plus members are answered first', async ({ page, browser }) => {
  const free = await seedPerson({ name: 'Lyra' });
  const panel = await settingsOf(page, free);
  await panel.getByLabel('Subject').fill('Hi');
  await panel.getByLabel('Message').fill('My photo does not show on my card.');
  await panel.getByRole('button', { name: 'Send to support' }).click();
  await expect(panel.getByText('Subject must be 3 to 120 characters')).toBeVisible();
  await panel.getByLabel('Subject').fill('Photo upload');
  await panel.getByLabel('Message').fill('Help');
  await panel.getByRole('button', { name: 'Send to support' }).click();
  await expect(panel.getByText('Message must be 10 to 2000 characters')).toBeVisible();
  await panel.getByLabel('Message').fill('My photo does not show on my card.');
  await panel.getByRole('button', { name: 'Send to support' }).click();
  await expect(panel.getByRole('status')).toContainText('Your message reached our support team.');
  await expect(panel.getByRole('status')).toContainText('Plus and Max members are answered first.');
  await panel.scrollIntoViewIfNeeded();
  await page.screenshot({ path: test.info().outputPath('support-sent-phone.png') });

  const plus = await seedPerson({ name: 'Deneb' });
  expect((await plus.api.post('/api/plan', { data: { plan: 'plus', billing: 'weekly' } })).status()).toBe(200);
  const plusPage = await (await browser.newContext({ viewport: { width: 390, height: 844 }, hasTouch: true })).newPage();
  const plusPanel = await settingsOf(plusPage, plus);
  await plusPanel.getByLabel('Subject').fill('Billing');
  await plusPanel.getByLabel('Message').fill('I was charged twice this week.');
  await plusPanel.getByRole('button', { name: 'Send to support' }).click();
  await expect(plusPanel.getByRole('status')).toContainText('As a Plus or Max member, you are answered first.');

  const listed = (await openSupportRequests()).split('\n');
  const plusAt = listed.findIndex((line) => line.includes(`user ${plus.id} (plus)`));
  const freeAt = listed.findIndex((line) => line.includes(`user ${free.id} (free)`));
  expect(plusAt).toBeGreaterThanOrEqual(0);
  expect(freeAt).toBeGreaterThan(plusAt);
  expect(listed[plusAt + 1]).toBe('    Billing');
});
