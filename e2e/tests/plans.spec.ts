import { expect, test, type Browser, type Page } from './fixtures';
import { contextAtHour, near, remotePlace, seedPerson, zoneWhereHourIs, type Seeded } from './people';
import { answerLocationDialog, signIn } from './support';

// What the plans deliver on the deck (decisions.md, "What each plan delivers"), on a phone. The stack keeps
// the real nightly window: each person's browser and stored zone put them at 11 PM or at noon.
const NIGHT = 23;
const DESKTOP = { width: 1280, height: 800 };
const SHOTS = process.env.E2E_SCREENSHOTS;

test.describe.configure({ timeout: 180_000 });

async function openDeck(browser: Browser, person: Seeded, { hour = NIGHT, viewport }: { hour?: number; viewport?: { width: number; height: number } } = {}): Promise<Page> {
  const context = await contextAtHour(browser, hour, viewport ? { viewport, hasTouch: false } : {});
  const page = await context.newPage();
  await signIn(page, person.username, person.password);
  await answerLocationDialog(page, 'Skip for Now');
  await expect(page).toHaveURL(/\/swipe-deck$/);
  const welcome = page.getByRole('button', { name: 'Close notification' });
  await welcome.click({ timeout: 3000 }).catch(() => expect(welcome).toBeHidden());
  return page;
}

const topCard = (page: Page) => page.getByTestId('top-card');
const shoot = async (page: Page, name: string) => {
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/${name}.png` });
};

test('a pass can be undone from the snackbar: the card comes back on top, and the offer leaves with the next swipe', async ({ browser }) => {
  const place = remotePlace();
  const night = zoneWhereHourIs(NIGHT);
  const viewer = await seedPerson({ name: 'Nyx', position: place, timeZone: night });
  await seedPerson({ name: 'Orla', position: near(place, 1), timeZone: night });
  await seedPerson({ name: 'Pax', position: near(place, 1), timeZone: night });

  const page = await openDeck(browser, viewer);
  const first = (await topCard(page).getAttribute('aria-label'))!.split(',')[0]!;
  const second = first === 'Orla' ? 'Pax' : 'Orla';
  await page.getByRole('button', { name: `Pass on ${first}` }).click();
  await expect(topCard(page)).toHaveAccessibleName(new RegExp(`^${second},`));
  const snackbar = page.getByTestId('undo-snackbar');
  await expect(snackbar).toContainText(`You passed on ${first}`);
  await shoot(page, 'undo-snackbar-phone');
  await snackbar.getByRole('button', { name: `Undo the pass on ${first}` }).click();
  await expect(topCard(page)).toHaveAccessibleName(new RegExp(`^${first},`));
  await expect(snackbar).toBeHidden();
  await expect(page.getByTestId('swipe-announcement')).toHaveText(`${first} is back on top.`);

  // The server took the pass back: a fresh deck shows the person again.
  const deck = (await (await viewer.api.get('/api/profiles?limit=50')).json()) as Array<{ name: string }>;
  expect(deck.map((card) => card.name)).toContain(first);

  // A like after a pass withdraws the offer: only the last swipe, and only a pass, can be undone.
  await page.getByRole('button', { name: `Pass on ${first}` }).click();
  await expect(snackbar).toBeVisible();
  await page.getByRole('button', { name: `Like ${second}`, exact: true }).click();
  await expect(snackbar).toBeHidden();
});

test('desktop: the undo snackbar sits over the deck header', async ({ browser }) => {
  const place = remotePlace();
  const night = zoneWhereHourIs(NIGHT);
  const viewer = await seedPerson({ name: 'Ione', position: place, timeZone: night });
  await seedPerson({ name: 'Juno', position: near(place, 1), timeZone: night });
  const page = await openDeck(browser, viewer, { viewport: DESKTOP });
  await page.getByRole('button', { name: 'Pass on Juno' }).click();
  await expect(page.getByTestId('undo-snackbar')).toBeVisible();
  await shoot(page, 'undo-snackbar-desktop');
});

test('a Night Pass opens the deck at noon (day access) and shows its remaining time in the top bar', async ({ browser }) => {
  const place = remotePlace();
  const noon = zoneWhereHourIs(12);
  const holder = await seedPerson({ name: 'Sol', position: place, timeZone: noon });
  await seedPerson({ name: 'Tala', position: near(place, 1), timeZone: noon });
  const withoutPass = await openDeck(browser, holder, { hour: 12 });
  await expect(withoutPass.getByRole('heading', { name: 'Swiping opens at 8:00 PM' })).toBeVisible();
  await withoutPass.context().close();

  expect((await holder.api.post('/api/plan', { data: { plan: 'nightPass' } })).ok()).toBe(true);
  const page = await openDeck(browser, holder, { hour: 12 });
  await expect(topCard(page)).toHaveAccessibleName(/^Tala,/);
  const passClock = page.getByRole('timer', { name: /^Night Pass: (23|24) hours?/ });
  await expect(passClock).toBeVisible();
  await expect(passClock).toContainText(/Night Pass\s*2[34]:\d\d:\d\d/);
  await shoot(page, 'night-pass-top-bar-phone');
  await page.getByRole('button', { name: 'Like Tala', exact: true }).click();
  await expect(page.getByTestId('swipe-announcement')).toHaveText('You liked Tala.');
});

test('the Moon-Boost button: the night-boost prompt on the free plan, then with Plus the time left, and the card first in a nearby deck', async ({ browser }) => {
  const place = remotePlace();
  const night = zoneWhereHourIs(NIGHT);
  const booster = await seedPerson({ name: 'Lyra', position: place, timeZone: night });
  const nearby = await seedPerson({ name: 'Kai', gender: 'Male', position: near(place, 1), timeZone: night });
  await seedPerson({ name: 'Wren', position: near(place, 1), timeZone: night });

  const page = await openDeck(browser, booster);
  await page.getByRole('button', { name: 'Moon-Boost: 10x more visibility for 30 minutes' }).click();
  const prompt = page.getByRole('dialog', { name: 'Boost your night' });
  await expect(prompt).toBeVisible();
  await expect(prompt.getByText('10x more visibility with a Moon-Boost, included in Plus.')).toBeVisible();
  await shoot(page, 'moon-boost-prompt-phone');
  // The prompt's one tap chooses Plus; the boost can start then.
  await prompt.getByRole('button', { name: /^Get Plus/ }).click();
  await expect(prompt).toBeHidden();
  await page.getByRole('button', { name: 'Moon-Boost: 10x more visibility for 30 minutes' }).click();
  const timer = page.getByRole('timer', { name: /^Moon-Boost on: 0 hours, (29|30) minutes/ });
  await expect(timer).toBeVisible();
  await expect(timer).toHaveText(/(29|30):\d\d/);
  await shoot(page, 'moon-boost-on-phone');

  const deck = (await (await nearby.api.get('/api/profiles?limit=50')).json()) as Array<{ name: string }>;
  expect(deck[0]?.name).toBe('Lyra');
});

test('night-owl matching is a deck filter of Max: the upgrade prompt on other plans, kept on the server with Max', async ({ browser }) => {
  const place = remotePlace();
  const night = zoneWhereHourIs(NIGHT);
  const owl = await seedPerson({ name: 'Mira', position: place, timeZone: night });
  await seedPerson({ name: 'Rune', position: near(place, 1), timeZone: night });
  const page = await openDeck(browser, owl);
  await page.getByRole('button', { name: /^Filters/ }).click();
  const filters = page.getByRole('dialog', { name: 'Filter Your Matches' });
  await filters.getByRole('switch', { name: 'Night-owl matching · Max' }).click();
  await expect(page.getByRole('dialog', { name: 'Filter by kinks and interests' })).toBeVisible();
  await page.getByRole('dialog', { name: 'Filter by kinks and interests' }).getByRole('button', { name: /^Get Max/ }).click();
  await expect(filters.getByRole('switch', { name: 'Night-owl matching' })).toBeVisible();
  await filters.getByRole('switch', { name: 'Night-owl matching' }).click();
  await expect(filters.getByRole('switch', { name: 'Night-owl matching' })).toHaveAttribute('aria-checked', 'true');
  await shoot(page, 'night-owl-filter-phone');
  await filters.getByRole('button', { name: 'Apply Filters' }).click();
  await expect(filters).toBeHidden();
  await expect.poll(async () => ((await (await owl.api.get('/api/deck-filters')).json()) as { nightOwl: boolean }).nightOwl).toBe(true);
  await expect(topCard(page)).toHaveAccessibleName(/^Rune,/);
});
