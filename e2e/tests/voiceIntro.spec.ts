import { expect, test } from './fixtures';
import { seedPerson } from './people';
import { answerLocationDialog, signIn } from './support';

// Voice intros are recorded on the profile edit screen with the browser's microphone (Chromium's generated
// one, see setup/chromium.ts), listened to, saved, and heard by other members.

test('a member records a voice intro on the profile edit screen, listens to it and saves it; another member can play it', async ({ page }) => {
  const owner = await seedPerson({ name: 'Vega' });
  const listener = await seedPerson({ name: 'Altair' });
  await signIn(page, owner.username, owner.password);
  await answerLocationDialog(page, 'Skip for Now');
  await page.goto('/profile');
  await page.getByRole('button', { name: 'Edit Profile' }).click();

  const section = page.getByRole('region', { name: 'Voice intro' });
  const recordingFrom = Date.now();
  await section.getByRole('button', { name: 'Record a voice intro' }).click();
  // Two seconds of the generated microphone's beeps, then stop.
  await expect(section.getByRole('timer')).toContainText('Recording 2s / 30s', { timeout: 10_000 });
  await section.getByRole('button', { name: 'Stop' }).click();
  // The server reads the length from the recording itself: at most what passed between the two clicks.
  const recordedAtMostSeconds = Math.ceil((Date.now() - recordingFrom) / 1000);
  await expect(section.getByLabel('Your new voice intro')).toBeVisible();
  await section.scrollIntoViewIfNeeded();
  await page.screenshot({ path: test.info().outputPath('voice-intro-recorded-phone.png') });
  await section.getByRole('button', { name: 'Save voice intro' }).click();
  await expect(section.getByLabel(/^Your voice intro, \d+ seconds$/)).toBeVisible();
  await expect(section.getByRole('button', { name: 'Record a new one' })).toBeVisible();

  const answer = (await (await owner.api.post('/graphql', { data: { query: '{ me { voiceIntro { url durationSeconds } } }' } })).json()) as { data: { me: { voiceIntro: { url: string; durationSeconds: number } } } };
  const { url, durationSeconds } = answer.data.me.voiceIntro;
  expect(durationSeconds).toBeGreaterThanOrEqual(2);
  expect(durationSeconds).toBeLessThanOrEqual(recordedAtMostSeconds);
  const heard = await listener.api.get(url);
  expect([heard.status(), heard.headers()['content-type']]).toEqual([200, 'audio/webm']);
  expect((await heard.body()).length).toBeGreaterThan(1000);

  await section.getByRole('button', { name: 'Remove' }).click();
  await expect(section.getByRole('button', { name: 'Record a voice intro' })).toBeVisible();
  expect((await listener.api.get(url)).status()).toBe(404);
});
