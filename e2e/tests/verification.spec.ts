import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { expect, test, type Browser, type Page } from './fixtures';
import sharp from 'sharp';
import { contextAtHour, near, remotePlace, seedPerson, zoneWhereHourIs, type Seeded } from './people';
import { answerLocationDialog, signIn } from './support';

// Verification: the selfie is taken with the browser's camera (Chromium's generated one, see
// setup/chromium.ts), sent for review, approved with the moderation tool, and the tick then shows on the
// profile and on the deck's card.
const NIGHT = 23;
test.describe.configure({ timeout: 180_000 });

/** `npm run verifications:<command>` against the stack of these tests (it finds it through the data directory). */
async function moderationTool(...args: string[]): Promise<string> {
  const script = path.resolve(__dirname, '..', '..', 'services', 'profile', 'dist', 'tools', 'verifications.js');
  const { stdout } = await promisify(execFile)(process.execPath, [script, ...args], {
    env: {
      PATH: process.env.PATH ?? '',
      NOCTURNE_DATA_DIR: process.env.E2E_DATA_DIR!,
      VERIFICATION_REVIEW_DIR: test.info().outputPath('review'),
      // On the real servers the profile service has a port of its own (the config's E2E_PORT + 2), as an operator's would.
      ...(process.env.E2E_STACK === 'real' && { PROFILE_URL: `http://127.0.0.1:${Number(process.env.E2E_PORT ?? 8181) + 2}`, INTERNAL_SECRET: process.env.INTERNAL_SECRET! }),
    },
  });
  return stdout;
}

async function signedIn(browser: Browser, person: Seeded, url: string): Promise<Page> {
  const context = await contextAtHour(browser, NIGHT);
  const page = await context.newPage();
  await signIn(page, person.username, person.password);
  await answerLocationDialog(page, 'Skip for Now');
  await expect(page).toHaveURL(/\/swipe-deck$/);
  await page.goto(url);
  return page;
}

test('a selfie taken with the camera while making the named gesture is approved by a moderator; the tick shows on the profile and on cards', async ({ browser }) => {
  const place = remotePlace();
  const owner = await seedPerson({ name: 'Vega', gender: 'Female', position: place, timeZone: zoneWhereHourIs(NIGHT) });
  const viewer = await seedPerson({ name: 'Altair', gender: 'Male', position: near(place, 2), timeZone: zoneWhereHourIs(NIGHT) });

  const page = await signedIn(browser, owner, '/profile');
  const panel = page.getByRole('region', { name: 'Verification' });
  await panel.getByRole('button', { name: 'Get verified' }).click();

  const dialog = page.getByRole('dialog', { name: 'Verify your profile' });
  await expect(dialog).toContainText('Make this gesture:');
  const gesture = (await dialog.locator('strong').textContent())!;
  // The camera is live: the still can be taken once it shows a frame.
  const take = dialog.getByRole('button', { name: 'Take selfie' });
  await expect(take).toBeEnabled();
  await page.screenshot({ path: test.info().outputPath('verification-camera-phone.png') });
  await take.click();
  await expect(dialog.getByRole('img', { name: 'Your selfie' })).toBeVisible();
  await dialog.getByRole('button', { name: 'Send for review' }).click();
  await expect(dialog).toBeHidden();
  await expect(panel).toContainText('Your selfie is waiting for review.');
  await expect(panel.getByRole('button', { name: /verified|selfie/i })).toHaveCount(0);

  // The moderator sees the selfie (the camera's frame, re-encoded) beside the photo, with the gesture asked for.
  const listed = await moderationTool('open');
  const line = listed.split('\n').find((text) => text.includes(`: user ${owner.id} (`))!;
  expect(line).toContain(`gesture "${gesture}"`);
  const requestId = /request ([a-f0-9]{32})/.exec(line)![1]!;
  const selfie = await sharp(readFileSync(test.info().outputPath('review', requestId, 'selfie.webp'))).metadata();
  expect([selfie.format, selfie.width! > 100, selfie.height! > 100]).toEqual(['webp', true, true]);
  expect(listed).toContain(test.info().outputPath('review', requestId, 'photo-1.webp'));
  expect(await moderationTool('approve', requestId)).toContain('is now verified');

  await page.reload();
  await expect(panel).toContainText('Your profile is verified');
  await expect(page.getByLabel('Verified', { exact: true })).toBeVisible();
  await page.screenshot({ path: test.info().outputPath('verification-verified-phone.png'), fullPage: true });

  const deck = await signedIn(browser, viewer, '/swipe-deck');
  const card = deck.getByTestId('top-card');
  await expect(card).toHaveAccessibleName('Vega, 30');
  await expect(card.getByRole('img', { name: 'Verified' })).toBeVisible();
});

test('a camera the person refuses is explained in the dialog, and nothing is sent', async ({ browser }) => {
  const owner = await seedPerson({ name: 'Mira', position: remotePlace(), timeZone: zoneWhereHourIs(NIGHT) });
  const page = await signedIn(browser, owner, '/profile');
  await page.evaluate(() => {
    navigator.mediaDevices.getUserMedia = () => Promise.reject(new DOMException('Permission denied', 'NotAllowedError'));
  });
  await page.getByRole('region', { name: 'Verification' }).getByRole('button', { name: 'Get verified' }).click();
  const dialog = page.getByRole('dialog', { name: 'Verify your profile' });
  await expect(dialog.getByRole('alert')).toHaveText('Camera access was denied. Allow the camera for this site to take your selfie.');
  await expect(dialog.getByRole('button', { name: 'Take selfie' })).toBeDisabled();
  await dialog.getByRole('button', { name: 'Close' }).click();
  expect(((await (await owner.api.get('/api/verification')).json()) as { verification: { status: string } }).verification.status).toBe('awaiting-selfie');
});
