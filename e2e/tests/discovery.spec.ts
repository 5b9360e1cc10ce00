import { expect, test, type Browser, type Page } from './fixtures';
import { contextAtHour, near, remotePlace, seedPerson, zoneWhereHourIs, type Seeded } from './people';
import { answerLocationDialog, newPerson, signIn, signUp, toastWith } from './support';

// decisions.md, Discovery and Prompts: who can be seen, where sign-in leads, and the way to the Lobby.
const NIGHT = 23;
const NOON = 12;
const DESKTOP = { width: 1280, height: 800 };
const SHOTS = process.env.E2E_SCREENSHOTS;

test.describe.configure({ timeout: 120_000 });

async function signInTo(browser: Browser, person: Seeded, { hour = NIGHT, viewport, grant }: { hour?: number; viewport?: { width: number; height: number }; grant?: { latitude: number; longitude: number } } = {}): Promise<Page> {
  const context = await contextAtHour(browser, hour, { ...(viewport && { viewport, hasTouch: false }), ...(grant && { permissions: ['geolocation'], geolocation: grant }) });
  const page = await context.newPage();
  await signIn(page, person.username, person.password);
  return page;
}

const shoot = async (page: Page, name: string) => {
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/${name}.png` });
};

for (const [size, viewport] of [
  ['phone', undefined],
  ['desktop', DESKTOP],
] as const) {
  test(`${size}: the deck header leads to "Who liked you" with its count, and the closed window offers it too`, async ({ browser }) => {
    const place = remotePlace();
    const viewer = await seedPerson({ name: 'Vega', position: place, timeZone: zoneWhereHourIs(NIGHT) });
    for (const name of ['Rigel', 'Deneb']) {
      const admirer = await seedPerson({ name, gender: 'Male', position: near(place, 2), timeZone: zoneWhereHourIs(NIGHT) });
      expect((await admirer.api.post('/api/swipes', { data: { swiperId: admirer.id, swipedId: viewer.id, isLike: true, timestamp: new Date().toISOString() } })).status()).toBe(200);
    }
    const page = await signInTo(browser, viewer, { viewport });
    await answerLocationDialog(page, 'Skip for Now');
    await expect(page).toHaveURL(/\/swipe-deck$/);
    const entry = page.getByRole('link', { name: 'Who liked you: 2' });
    await expect(entry).toBeVisible();
    await expect(page.getByTestId('top-card')).toBeVisible();
    await shoot(page, `deck-${size}`);
    await entry.click();
    await expect(page).toHaveURL(/\/lobby$/);
    await expect(page.getByRole('heading', { name: /liked you/i }).first()).toBeVisible();

    // Outside the window the closed deck offers the Lobby as well.
    const dayOwl = await seedPerson({ name: 'Sol', position: remotePlace(), timeZone: zoneWhereHourIs(NOON) });
    const day = await signInTo(browser, dayOwl, { hour: NOON, viewport });
    await answerLocationDialog(day, 'Skip for Now');
    await expect(day.getByRole('heading', { name: 'Swiping opens at 8:00 PM' })).toBeVisible();
    await shoot(day, `deck-closed-${size}`);
    await day.getByRole('link', { name: 'See who liked you' }).click();
    await expect(day).toHaveURL(/\/lobby$/);
  });
}

test('a person nobody can see is told so on the deck and the profile, and one tap on location fixes it', async ({ browser }) => {
  const place = remotePlace();
  const hidden = await seedPerson({ name: 'Nyx', timeZone: zoneWhereHourIs(NIGHT) });
  const page = await signInTo(browser, hidden, { grant: place });
  await answerLocationDialog(page, 'Skip for Now');
  await expect(page).toHaveURL(/\/swipe-deck$/);
  const notice = page.getByRole('region', { name: 'Nobody can see you' });
  await expect(notice).toBeVisible();
  await shoot(page, 'deck-invisible-phone');
  await page.goto('/profile');
  await expect(notice).toBeVisible();
  await expect(notice.getByRole('link', { name: 'Choose a city' })).toHaveAttribute('href', '/settings');
  await shoot(page, 'profile-invisible-phone');

  await notice.getByRole('button', { name: 'Turn On Location' }).click();
  await expect(toastWith(page, 'Location Enabled')).toBeVisible();
  await expect(notice).toBeHidden();
  // Its own profile says location is on, never the coordinates.
  await expect(page.getByText('Location on: others see only a distance')).toBeVisible();
  await expect(page.getByRole('main')).not.toContainText(String(place.latitude).slice(0, 6));
  await shoot(page, 'profile-location-on-phone');
  await page.goto('/swipe-deck');
  await expect(page.getByTestId('top-card').or(page.getByRole('heading', { name: 'No More Profiles' }))).toBeVisible();
  await expect(notice).toBeHidden();
});

test('on a phone, the notices of a person nobody can see and who has no photo leave the swipe buttons on the screen', async ({ browser }) => {
  // Someone for the deck: a person without a position sees people wherever they are.
  await seedPerson({ name: 'Ankaa', gender: 'Male', position: remotePlace(), timeZone: zoneWhereHourIs(NIGHT) });
  const bare = await seedPerson({ name: 'Kore', photos: 0, timeZone: zoneWhereHourIs(NIGHT) });
  const page = await signInTo(browser, bare);
  await answerLocationDialog(page, 'Skip for Now');
  await expect(page.getByRole('region', { name: 'Nobody can see you' })).toBeVisible();
  // One notice at a time: being seen at all comes first; the photo prompt waits for a position.
  await expect(page.getByRole('region', { name: 'Add a photo' })).toHaveCount(0);
  await expect(page.getByTestId('top-card')).toBeVisible();
  const like = page.getByRole('button', { name: /^Like / }).first();
  await expect(like).toBeVisible();
  const button = await like.boundingBox();
  const tabBar = await page.getByRole('navigation', { name: 'Main' }).boundingBox();
  expect(button && tabBar && button.y + button.height <= tabBar.y).toBe(true);
  await shoot(page, 'deck-notices-phone');
});

test('a city that cannot be placed is kept for the card but says it places no one; a listed city makes the person visible', async ({ browser }) => {
  const hidden = await seedPerson({ name: 'Thebe', timeZone: zoneWhereHourIs(NIGHT) });
  const page = await signInTo(browser, hidden);
  await answerLocationDialog(page, 'Skip for Now');
  await page.goto('/settings');
  const cityForm = page.getByRole('form', { name: 'City on your card' });
  const field = cityForm.getByLabel('City on your card');
  // The field offers the cities that place a person.
  expect(await field.evaluate((input: HTMLInputElement) => Array.from(input.list?.options ?? [], (option) => option.value))).toContain('Lisbon');
  await field.fill('Smallville');
  await cityForm.getByRole('button', { name: 'Save City' }).click();
  await expect(cityForm.getByText(/Smallville shows on your card, but it is not a city we can place/)).toBeVisible();
  await shoot(page, 'settings-unplaced-city-phone');
  await page.goto('/profile');
  await expect(page.getByRole('region', { name: 'Nobody can see you' })).toBeVisible();

  await page.goto('/settings');
  await field.fill('lisboa');
  await cityForm.getByRole('button', { name: 'Save City' }).click();
  await expect(toastWith(page, 'City saved')).toBeVisible();
  await expect(cityForm.getByText(/not a city we can place/)).toHaveCount(0);
  await page.goto('/swipe-deck');
  await expect(page.getByTestId('top-card').or(page.getByRole('heading', { name: 'No More Profiles' }))).toBeVisible();
  await expect(page.getByRole('region', { name: 'Nobody can see you' })).toHaveCount(0);
});

test('the own profile shows the chosen city instead of a position', async ({ browser }) => {
  const person = await seedPerson({ name: 'Lyra', position: remotePlace(), timeZone: zoneWhereHourIs(NIGHT) });
  expect((await person.api.post('/graphql', { data: { query: 'mutation { setPublicCity(city: "Lisbon") { publicCity } }' } })).ok()).toBe(true);
  const page = await signInTo(browser, person, { viewport: DESKTOP });
  await answerLocationDialog(page, 'Skip for Now');
  await page.goto('/profile');
  await expect(page.getByRole('heading', { name: /Lyra/ })).toBeVisible();
  await expect(page.getByText('Lisbon', { exact: true })).toBeVisible();
  await expect(page.getByText(/-?\d+\.\d{3,}, -?\d+\.\d{3,}/)).toHaveCount(0);
  await expect(page.getByRole('region', { name: 'Nobody can see you' })).toHaveCount(0);
  await shoot(page, 'profile-city-desktop');
});

test('gender preference is mutual: the filter sheet says so, and a person whose preference leaves the viewer out is not in the deck', async ({ browser }) => {
  const place = remotePlace();
  const viewer = await seedPerson({ name: 'Mira', gender: 'Female', position: place, timeZone: zoneWhereHourIs(NIGHT) });
  const seeksMen = await seedPerson({ name: 'Carina', gender: 'Female', position: near(place, 1) });
  expect((await seeksMen.api.put('/api/deck-filters', { data: { gender: 'Male', ageRange: [18, 60], distance: 50, city: '', kinks: [], interests: [] } })).ok()).toBe(true);
  await seedPerson({ name: 'Orion', gender: 'Male', position: near(place, 2) });

  const page = await signInTo(browser, viewer);
  await answerLocationDialog(page, 'Skip for Now');
  await expect(page.getByTestId('top-card')).toHaveAccessibleName(/^Orion/);
  await page.getByRole('button', { name: 'Pass on Orion' }).click();
  await expect(page.getByRole('heading', { name: 'No More Profiles' })).toBeVisible();
  await page.getByRole('button', { name: /^Filters/ }).click();
  const dialog = page.getByRole('dialog', { name: 'Filter Your Matches' });
  await expect(dialog.getByText('Preferences are mutual: you see people whose own preference includes you, and only they see you.')).toBeVisible();
  await shoot(page, 'filters-phone');
});

test('until onboarding is complete, sign-in and every signed-in screen lead to onboarding, without the location dialog', async ({ page }) => {
  const person = newPerson({ prefix: 'half' });
  await signUp(page, person);
  await answerLocationDialog(page, 'Skip for Now');
  await expect(page).toHaveURL(/\/onboarding$/);
  await page.context().clearCookies();

  await signIn(page, person.username, person.password);
  await expect(toastWith(page, 'Welcome back!')).toBeVisible();
  await expect(page).toHaveURL(/\/onboarding$/);
  await expect(page.getByRole('dialog', { name: 'Enable Location' })).toHaveCount(0);
  for (const path of ['/swipe-deck', '/feed', '/lobby', '/chat', '/profile', '/settings']) {
    await page.goto(path);
    await expect(page).toHaveURL(/\/onboarding$/);
    await expect(page.getByText('Step 1 of 5')).toBeVisible();
  }
});

test.describe('location already on', () => {
  test('signing in does not ask for location again when the account has a position and the browser granted it', async ({ browser }) => {
    const place = remotePlace();
    const person = await seedPerson({ name: 'Altair', position: place, timeZone: zoneWhereHourIs(NIGHT) });
    const page = await signInTo(browser, person, { grant: place });
    await expect(toastWith(page, 'Welcome back!')).toBeVisible();
    await expect(page).toHaveURL(/\/swipe-deck$/);
    await expect(page.getByRole('dialog', { name: 'Enable Location' })).toHaveCount(0);

    // Without the browser's permission it asks, as it does for an account without a position.
    const ungranted = await signInTo(browser, person);
    await expect(ungranted.getByRole('dialog', { name: 'Enable Location' })).toBeVisible();
  });
});
