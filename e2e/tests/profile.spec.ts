import { expect, test, type Page } from './fixtures';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { answerLocationDialog, newPerson, signIn, signUp, toastWith, type Person } from './support';

const paris = { latitude: 48.8566, longitude: 2.3522 };

/** A JPEG as a phone writes it (camera make and a GPS position in its EXIF) and a plain PNG. */
async function writeTestImages() {
  const dir = mkdtempSync(join(tmpdir(), 'nocturne-photos-'));
  const jpeg = join(dir, 'moonrise.jpg');
  const png = join(dir, 'skyline.png');
  writeFileSync(
    jpeg,
    await sharp({ create: { width: 1200, height: 900, channels: 3, background: { r: 90, g: 40, b: 160 } } })
      .jpeg({ quality: 85 })
      .withExif({
        IFD0: { Make: 'NightPhone', Model: 'N1' },
        IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '48/1 51/1 2376/100', GPSLongitudeRef: 'E', GPSLongitude: '2/1 21/1 744/100' },
      })
      .toBuffer(),
  );
  writeFileSync(png, await sharp({ create: { width: 640, height: 800, channels: 4, background: { r: 20, g: 16, b: 70, alpha: 1 } } }).png().toBuffer());
  const original = await sharp(jpeg).metadata();
  expect(original.exif, 'the test JPEG carries EXIF').toBeDefined();
  return { jpeg, png };
}

async function me(page: Page) {
  const response = await page.request.get('/api/auth/user');
  expect(response.status()).toBe(200);
  return (await response.json()).user;
}

async function signUpAndSkipLocation(page: Page, person: Person) {
  await signUp(page, person);
  await expect(toastWith(page, 'Account created!')).toBeVisible();
  await answerLocationDialog(page, 'Skip for Now');
  await expect(page).toHaveURL(/\/onboarding$/);
}

test.describe('location granted', () => {
  test.use({ permissions: ['geolocation'], geolocation: paris });

  test('signing in asks for the location, and the server keeps it for its owner', async ({ page }) => {
    const person = newPerson({ prefix: 'geo' });
    await signUp(page, person);
    const dialog = page.getByRole('dialog', { name: 'Enable Location' });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByText('Find nearby users and see accurate distances')).toBeVisible();
    await expect(dialog.getByText('Find Nearby Users', { exact: true })).toBeVisible();
    await expect(dialog.getByText('Privacy Protected: Your exact location is never shared')).toBeVisible();
    await expect(dialog.getByText('You can enable location later in Settings')).toBeVisible();
    await dialog.getByRole('button', { name: 'Skip for Now' }).click();
    await expect(page).toHaveURL(/\/onboarding$/);
    expect((await me(page)).latitude).toBeNull();
    // Onboarded, so that signing in leads on to the deck (before that, to /onboarding).
    const { id } = await me(page);
    expect((await page.request.patch(`/api/user/${id}`, { headers: { Origin: new URL(page.url()).origin }, data: { gender: 'Female', kinks: ['Rope Play'], interests: ['Art'] } })).ok()).toBe(true);

    await page.context().clearCookies();
    await signIn(page, person.username, person.password);
    await expect(toastWith(page, 'Welcome back!')).toBeVisible();
    await answerLocationDialog(page, 'Enable Location');
    await expect(toastWith(page, 'Location Enabled')).toBeVisible();
    await expect(toastWith(page, "You'll now see distances to nearby users")).toBeVisible();
    await expect(page.getByRole('dialog', { name: 'Enable Location' })).toBeHidden();
    await expect(page).toHaveURL(/\/swipe-deck$/);

    await expect.poll(async () => {
      const user = await me(page);
      return { latitude: user.latitude, longitude: user.longitude, location: user.location };
    }).toEqual({ ...paris, location: '48.8566, 2.3522' });
  });
});

test.describe('location denied', () => {
  test.use({ permissions: [] });

  test('a refused lookup says so and keeps the dialog open', async ({ page }) => {
    await signUp(page, newPerson({ prefix: 'nogeo' }));
    await answerLocationDialog(page, 'Enable Location');
    await expect(toastWith(page, 'Location Access Denied')).toBeVisible();
    await expect(toastWith(page, 'Location access denied by user')).toBeVisible();
    const dialog = page.getByRole('dialog', { name: 'Enable Location' });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByRole('button', { name: 'Enable Location' })).toBeEnabled();
    await expect(page).toHaveURL(/\/signup$/);
    await dialog.getByRole('button', { name: 'Skip for Now' }).click();
    await expect(page).toHaveURL(/\/onboarding$/);
  });
});

test('onboarding without a session goes to sign-up', async ({ page }) => {
  await page.goto('/onboarding');
  await expect(page).toHaveURL(/\/signup$/);
});

test('onboards with two photos, edits the profile, keeps a notification setting and deletes the account', async ({ page }) => {
  // The longest journey of the suite (five steps, two uploads, an edit, settings, a deletion): on the real
  // servers it needs more than the default minute.
  test.setTimeout(180_000);
  const images = await writeTestImages();
  const person = newPerson({ prefix: 'onb' });
  await signUpAndSkipLocation(page, person);

  // Step 1: gender
  await expect(page.getByText('Step 1 of 5')).toBeVisible();
  const next = page.getByRole('button', { name: 'Continue' });
  await expect(next).toBeDisabled();
  await page.getByLabel('Female', { exact: true }).check();
  await next.click();

  // Step 2: two real uploads
  await expect(page.getByText('Step 2 of 5')).toBeVisible();
  await expect(next).toBeDisabled();
  await page.locator('input[type="file"]').setInputFiles([images.jpeg, images.png]);
  await expect(page.getByText('2/6')).toBeVisible();
  await expect(page.getByRole('img', { name: 'Photo 2' })).toBeVisible();
  await next.click();

  // Step 3 and 4: catalogue grids
  await expect(page.getByText('Step 3 of 5')).toBeVisible();
  await expect(next).toBeDisabled();
  for (const kink of ['Rope Play', 'Praise', 'Switch', 'Brat']) await page.getByLabel(kink, { exact: true }).check();
  await expect(page.getByText('4 selected')).toBeVisible();
  await next.click();
  await expect(page.getByText('Step 4 of 5')).toBeVisible();
  await page.getByLabel('Astronomy', { exact: true }).check();
  await next.click();

  // Step 5: bio and summary
  await expect(page.getByText('Step 5 of 5')).toBeVisible();
  await expect(page.getByText('+1 more')).toBeVisible();
  await page.getByLabel('Bio').fill('Moonlit walks and bad decisions.');
  await expect(page.getByText('32/500')).toBeVisible();
  await page.getByRole('button', { name: 'Complete' }).click();
  await expect(toastWith(page, 'Profile updated!')).toBeVisible();
  await answerLocationDialog(page, 'Skip for Now');
  await expect(page).toHaveURL(/\/swipe-deck$/);
  expect(await page.evaluate(() => sessionStorage.getItem('currentUserId'))).toBeNull();

  // The profile shows both photos; the served photo has no EXIF left.
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Profile' }).click();
  await expect(page.getByRole('heading', { name: /Luna Night/ })).toBeVisible();
  await expect(page.getByRole('img', { name: "Luna Night's main photo" })).toBeVisible();
  await expect(page.getByRole('img', { name: 'Photo 2' })).toBeVisible();
  await expect(page.getByText('Moonlit walks and bad decisions.')).toBeVisible();
  const user = await me(page);
  expect(user.photos).toHaveLength(2);
  expect(user.gender).toBe('Female');
  expect(user.kinks).toEqual(['Rope Play', 'Praise', 'Switch', 'Brat']);
  const photo = await page.request.get(user.photos[0]);
  expect(photo.status()).toBe(200);
  const served = await sharp(await photo.body()).metadata();
  expect(served.exif).toBeUndefined();

  // Edit: a new bio and one more interest.
  await page.getByRole('button', { name: 'Edit Profile' }).click();
  const edit = page.getByRole('dialog', { name: 'Edit Profile' });
  await expect(edit.getByLabel('Name', { exact: true })).toHaveValue('Luna Night');
  await edit.getByLabel('Bio').fill('Night owl with a telescope.');
  await edit.getByLabel('Coffee', { exact: true }).check();
  await edit.getByRole('button', { name: 'Save Changes' }).click();
  await expect(toastWith(page, 'Profile Updated')).toBeVisible();
  await expect(edit).toBeHidden();
  await expect(page.getByText('Night owl with a telescope.')).toBeVisible();
  await expect(page.getByRole('list', { name: 'Interests' }).getByText('Coffee')).toBeVisible();

  // A notification preference survives a reload.
  await page.getByRole('link', { name: 'Settings' }).click();
  await expect(page).toHaveURL(/\/settings$/);
  const likes = page.getByRole('switch', { name: 'Likes', exact: true });
  await expect(likes).toHaveAttribute('aria-checked', 'false');
  await likes.click();
  await expect(likes).toHaveAttribute('aria-checked', 'true');
  await expect(likes).toBeEnabled();
  await page.reload();
  await expect(page.getByRole('switch', { name: 'Likes', exact: true })).toHaveAttribute('aria-checked', 'true');
  await expect(page.getByRole('switch', { name: 'Marketing', exact: true })).toHaveAttribute('aria-checked', 'false');

  // The plans view opens from both membership buttons.
  await page.getByRole('button', { name: 'Manage Subscription' }).click();
  const plans = page.getByRole('dialog', { name: 'Choose Your Night' });
  await expect(plans.getByText('Save 12%')).toBeVisible();
  await expect(plans.getByRole('heading', { name: 'Night Pass' })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(plans).toBeHidden();

  // Delete the account; signing in again fails.
  await page.getByRole('button', { name: 'Delete Account' }).click();
  const confirm = page.getByRole('alertdialog', { name: 'Delete Account' });
  const destroy = confirm.getByRole('button', { name: 'Delete Account' });
  await expect(destroy).toBeDisabled();
  await confirm.getByLabel('Type DELETE to confirm').fill('DELETE');
  await destroy.click();
  await expect(page).toHaveURL(/\/$/);
  expect(await page.evaluate(() => localStorage.length)).toBe(0);
  expect((await page.request.get('/api/auth/user')).status()).toBe(401);
  await signIn(page, person.username, person.password);
  await expect(toastWith(page, 'Sign in failed')).toBeVisible();
});
