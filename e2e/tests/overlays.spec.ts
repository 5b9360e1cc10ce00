import { expect, test, type Locator, type Page } from './fixtures';
import sharp from 'sharp';
import { contextAtHour, near, remotePlace, seedPerson, zoneWhereHourIs, type Seeded } from './people';
import { answerLocationDialog, newPerson, signIn, signUp, toastWith } from './support';

// One overlay at a time, and toasts that never lie over a control.
const NIGHT = 23;

const overlaps = async (a: Locator, b: Locator) => {
  const [one, two] = [await a.boundingBox(), await b.boundingBox()];
  if (!one || !two) return false;
  return one.x < two.x + two.width && two.x < one.x + one.width && one.y < two.y + two.height && two.y < one.y + one.height;
};

async function expectCoversNothing(page: Page, toast: Locator, controls: Locator[]) {
  await expect(toast).toBeVisible();
  // The toast settles (it moves off a control, animated) within a moment.
  for (const control of controls) await expect.poll(() => overlaps(toast, control), { message: `the toast covers ${control}` }).toBe(false);
}

test("onboarding's toasts leave the Back and Skip row free", async ({ page }) => {
  await signUp(page, newPerson({ prefix: 'toast' }));
  await answerLocationDialog(page, 'Skip for Now');
  await page.getByLabel('Female', { exact: true }).check();
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByText('Step 2 of 5')).toBeVisible();
  const photo = await sharp({ create: { width: 300, height: 400, channels: 3, background: { r: 90, g: 40, b: 160 } } }).jpeg().toBuffer();
  await page.locator('input[type="file"]').setInputFiles([{ name: 'night.jpg', mimeType: 'image/jpeg', buffer: photo }]);
  const added = toastWith(page, 'Photos added');
  const row = [page.getByRole('button', { name: 'Back' }), page.getByRole('button', { name: 'Skip' }), page.getByText('Step 2 of 5')];
  await expectCoversNothing(page, added, row);
  await expectCoversNothing(page, added, [page.getByRole('button', { name: 'Continue' }), page.getByRole('button', { name: 'Remove photo 1' })]);
  await page.screenshot({ path: test.info().outputPath('onboarding-toast.png') });
});

test('a match made while another dialog is open waits until that dialog is closed', async ({ browser }) => {
  test.setTimeout(120_000);
  const place = remotePlace();
  const zone = zoneWhereHourIs(NIGHT);
  const selene = await seedPerson({ name: 'Selene', gender: 'Female', position: place, timeZone: zone });
  const orion: Seeded = await seedPerson({ name: 'Orion', gender: 'Male', position: near(place, 3), timeZone: zone });
  const like = (from: Seeded, to: Seeded) => from.api.post('/api/swipes', { data: { swiperId: from.id, swipedId: to.id, isLike: true } });
  await expect.poll(async () => (await like(selene, orion)).status(), { timeout: 30_000 }).toBe(200);

  const context = await contextAtHour(browser, NIGHT);
  const page = await context.newPage();
  await signIn(page, selene.username, selene.password);
  await answerLocationDialog(page, 'Skip for Now');
  await expect(page).toHaveURL(/\/swipe-deck$/);

  await page.getByRole('button', { name: /^Filters/ }).click();
  const filters = page.getByRole('dialog', { name: 'Filter Your Matches' });
  await expect(filters).toBeVisible();

  await expect.poll(async () => ((await (await like(orion, selene)).json()) as { isMatch?: boolean }).isMatch, { timeout: 30_000 }).toBe(true);
  const popup = page.getByRole('alertdialog', { name: "It's a Match!" });
  // The live popup would show 1.5 s after the match: it must not, while the filters are open. Absence
  // has no event to wait for, so it is checked after twice that delay.
  await page.waitForTimeout(3_000);
  await expect(popup).toBeHidden();
  await expect(filters).toBeVisible();
  await page.screenshot({ path: test.info().outputPath('filters-with-match-waiting.png') });

  await filters.getByRole('button', { name: 'Cancel' }).click();
  await expect(filters).toBeHidden();
  await expect(popup).toBeVisible();
  await expect(popup.getByText('You and Orion liked each other')).toBeVisible();
  await context.close();
});
