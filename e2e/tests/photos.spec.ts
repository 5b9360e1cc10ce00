import { expect, test, type Page } from './fixtures';
import sharp from 'sharp';
import { remotePlace, seedPerson } from './people';
import { answerLocationDialog, newPerson, signIn, signUp, toastWith } from './support';

// Photos: reordered by drag and by keyboard, a main photo chosen, files dropped on the grid, and a clear
// prompt for a person without any photo.

const colours = [
  { r: 200, g: 40, b: 60 },
  { r: 40, g: 180, b: 70 },
  { r: 50, g: 70, b: 210 },
];
const image = (index: number) => sharp({ create: { width: 300, height: 400, channels: 3, background: colours[index]! } }).jpeg().toBuffer();
const files = async (count: number) => Promise.all(Array.from({ length: count }, async (_, index) => ({ name: `night-${index}.jpg`, mimeType: 'image/jpeg', buffer: await image(index) })));

async function ownPhotos(page: Page): Promise<string[]> {
  const response = await page.request.get('/api/auth/user');
  expect(response.status()).toBe(200);
  return ((await response.json()) as { user: { photos: string[] } }).user.photos;
}

/** Signed up in the browser, location skipped, gender chosen: onboarding's photo step. */
async function atPhotoStep(page: Page) {
  await signUp(page, newPerson({ prefix: 'pics' }));
  await answerLocationDialog(page, 'Skip for Now');
  await expect(page).toHaveURL(/\/onboarding$/);
  await page.getByLabel('Female', { exact: true }).check();
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByText('Step 2 of 5')).toBeVisible();
}

test('on a phone, photos are reordered from the keyboard and any one is made the main photo; the server keeps the order', async ({ page }) => {
  await atPhotoStep(page);
  await page.locator('input[type="file"]').setInputFiles(await files(3));
  await expect(page.getByText('3/6')).toBeVisible();
  await expect.poll(() => ownPhotos(page)).toHaveLength(3);
  const uploaded = await ownPhotos(page);

  // The grip of the first photo, moved one place on with the arrow key: focus stays on it.
  await page.getByRole('button', { name: /^Move photo 1,/ }).focus();
  await page.keyboard.press('ArrowRight');
  await expect(page.getByRole('button', { name: 'Move photo 2, position 2 of 3' })).toBeFocused();
  await expect.poll(() => ownPhotos(page)).toEqual([uploaded[1], uploaded[0], uploaded[2]]);

  // The third becomes the main photo, the others keep their order after it.
  await page.getByRole('button', { name: 'Make photo 3 your main photo' }).click();
  await expect(page.getByText('Photo 3 is now your main photo')).toBeAttached();
  await expect.poll(() => ownPhotos(page)).toEqual([uploaded[2], uploaded[1], uploaded[0]]);
  await expect(page.getByText('Main', { exact: true })).toBeVisible();
  await page.screenshot({ path: test.info().outputPath('photos-phone.png') });
});

test('a person without a photo is told so, on the deck and on the profile, with the way to add one', async ({ page }) => {
  // Seen by others (a position): the photo prompt is the deck's one notice.
  const person = await seedPerson({ photos: 0, position: remotePlace() });
  await signIn(page, person.username, person.password);
  await answerLocationDialog(page, 'Skip for Now');
  await expect(page).toHaveURL(/\/swipe-deck$/);
  const prompt = page.getByRole('region', { name: 'Add a photo' });
  await expect(prompt).toBeVisible();
  await expect(prompt.getByText('People like a face: add a photo so they can see you.')).toBeVisible();
  await page.screenshot({ path: test.info().outputPath('no-photo-deck.png') });

  await prompt.getByRole('link', { name: 'Add photos' }).click();
  await expect(page).toHaveURL(/\/profile$/);
  const dialog = page.getByRole('dialog', { name: 'Edit Profile' });
  await expect(dialog).toBeVisible();
  await dialog.locator('input[type="file"]').setInputFiles((await files(1)).slice(0, 1));
  await expect(toastWith(page, 'Photos added')).toBeVisible();
  await dialog.getByRole('button', { name: 'Save Changes' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('region', { name: 'Add a photo' })).toBeHidden();
  await expect.poll(() => ownPhotos(page)).toHaveLength(1);
});

test.describe('on a desktop', () => {
  test.use({ viewport: { width: 1280, height: 800 }, hasTouch: false });

  test('files dropped on the grid are added, and a photo dragged onto another takes its place', async ({ page }) => {
    await atPhotoStep(page);
    const grid = page.getByRole('group', { name: 'Photos' });
    await expect(grid.getByText('or drop them here')).toBeVisible();

    // A drop of two image files, as the desktop's file manager makes it.
    const dropped = await files(2);
    const dataTransfer = await page.evaluateHandle((list) => {
      const transfer = new DataTransfer();
      for (const file of list) transfer.items.add(new File([new Uint8Array(file.bytes)], file.name, { type: file.mimeType }));
      return transfer;
    }, dropped.map((file) => ({ name: file.name, mimeType: file.mimeType, bytes: [...file.buffer] })));
    await grid.dispatchEvent('dragover', { dataTransfer });
    await grid.dispatchEvent('drop', { dataTransfer });
    await expect(page.getByText('2/6')).toBeVisible();
    await expect.poll(() => ownPhotos(page)).toHaveLength(2);
    const uploaded = await ownPhotos(page);

    // Drag the second photo onto the first with the mouse.
    const second = await page.getByRole('img', { name: 'Photo 2' }).boundingBox();
    const first = await page.getByRole('img', { name: 'Photo 1' }).boundingBox();
    await page.mouse.move(second!.x + second!.width / 2, second!.y + second!.height / 3);
    await page.mouse.down();
    await page.mouse.move(second!.x + second!.width / 2 - 20, second!.y + second!.height / 3, { steps: 3 });
    await page.mouse.move(first!.x + first!.width / 2, first!.y + first!.height / 3, { steps: 8 });
    await page.mouse.up();
    await expect.poll(() => ownPhotos(page)).toEqual([uploaded[1], uploaded[0]]);
    await page.screenshot({ path: test.info().outputPath('photos-desktop.png') });
  });
});
