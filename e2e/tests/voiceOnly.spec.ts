import { expect, test } from './fixtures';
import { contextAtHour, near, remotePlace, seedPerson, zoneWhereHourIs } from './people';
import { answerLocationDialog, signIn } from './support';

// Voice-only matches (Max): turned on in the deck's filters, the cards carry the person's voice intro and
// no photo (the server sends none); off again, the photos are back.
const NIGHT = 23;
test.describe.configure({ timeout: 180_000 });

/** Two seconds of WebM as MediaRecorder writes it (the server reads the length from its timestamps). */
const recording = Buffer.from([
  0x1a, 0x45, 0xdf, 0xa3, 0x80, 0x18, 0x53, 0x80, 0x67, 0x01, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff,
  0x1f, 0x43, 0xb6, 0x75, 0x01, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xe7, 0x82, 0x00, 0x00, 0xa3, 0x87, 0x81, 0x07, 0xd0, 0x80, 1, 2, 3,
]);

test('a Max member turns on voice-only matches: the card plays the voice intro and shows no photo', async ({ browser }) => {
  const place = remotePlace();
  const speaker = await seedPerson({ name: 'Lyra', gender: 'Female', position: place, timeZone: zoneWhereHourIs(NIGHT) });
  expect((await speaker.api.post('/api/voice-intros', { multipart: { voiceIntro: { name: 'intro.webm', mimeType: 'audio/webm', buffer: recording } } })).status()).toBe(201);
  const listener = await seedPerson({ name: 'Orion', gender: 'Male', position: near(place, 2), timeZone: zoneWhereHourIs(NIGHT) });
  expect((await listener.api.post('/api/plan', { data: { plan: 'max', billing: 'monthly' } })).status()).toBe(200);

  const page = await (await contextAtHour(browser, NIGHT)).newPage();
  await signIn(page, listener.username, listener.password);
  await answerLocationDialog(page, 'Skip for Now');
  await expect(page).toHaveURL(/\/swipe-deck$/);
  const card = page.getByTestId('top-card');
  await expect(card).toHaveAccessibleName('Lyra, 30');
  await expect(card.getByRole('img', { name: /^Lyra, photo 1 of 1$/ })).toHaveAttribute('src', /\/api\/photos\//);

  await page.getByRole('button', { name: /^Filters/ }).click();
  const dialog = page.getByRole('dialog', { name: 'Filter Your Matches' });
  await dialog.getByRole('switch', { name: 'Voice-only matches' }).click();
  await dialog.getByRole('button', { name: 'Apply Filters' }).click();
  await expect(dialog).toBeHidden();

  await expect(card).toHaveAccessibleName('Lyra, 30');
  await expect(card.getByText('Voice-only')).toBeVisible();
  await expect(card.getByLabel("Lyra's voice intro, 2 seconds")).toBeAttached();
  await expect(card.locator('img[src*="/api/photos/"]')).toHaveCount(0);
  await page.screenshot({ path: test.info().outputPath('voice-only-card-phone.png') });
});
