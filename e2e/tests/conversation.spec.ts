import { expect, test, type Browser, type Page } from './fixtures';
import { contextAtHour, matched, near, remotePlace, seedPerson, zoneWhereHourIs, type Seeded } from './people';
import { answerLocationDialog, signIn } from './support';

// One conversation on a phone and on a desktop; the nightly window applies (11 PM for all).
const NIGHT = 23;
test.describe.configure({ timeout: 180_000 });

const sizes = [
  { name: 'phone', viewport: { width: 390, height: 844 }, hasTouch: true },
  { name: 'desktop', viewport: { width: 1280, height: 800 }, hasTouch: false },
] as const;

async function pair(): Promise<[Seeded, Seeded, number]> {
  const place = remotePlace();
  const zone = zoneWhereHourIs(NIGHT);
  const selene = await seedPerson({ name: 'Selene', gender: 'Female', position: place, timeZone: zone });
  const orion = await seedPerson({ name: 'Orion', gender: 'Male', position: near(place, 3), timeZone: zone });
  return [selene, orion, await matched(selene, orion)];
}

const send = async (from: Seeded, matchId: number, content: string) => {
  const response = await from.api.post('/api/messages', { data: { matchId, senderId: from.id, content } });
  expect(response.status(), await response.text()).toBe(201);
};

async function signedIn(browser: Browser, person: Seeded, size: (typeof sizes)[number]): Promise<Page> {
  const context = await contextAtHour(browser, NIGHT, { viewport: size.viewport, hasTouch: size.hasTouch });
  const page = await context.newPage();
  await signIn(page, person.username, person.password);
  await answerLocationDialog(page, 'Skip for Now');
  await expect(page).toHaveURL(/\/swipe-deck$/);
  return page;
}

const box = async (page: Page, locator: ReturnType<Page['locator']>) => {
  const found = await locator.boundingBox();
  expect(found, 'on screen').not.toBeNull();
  return found!;
};

for (const size of sizes) {
  test(`${size.name}: a long conversation stays in its frame, opens at the newest message, follows new ones, and offers 'New messages' when scrolled up`, async ({ browser }) => {
    const [selene, orion, matchId] = await pair();
    for (let n = 1; n <= 24; n++) {
      await send(n % 2 ? orion : selene, matchId, n % 5 === 0 ? `Message ${n}: a longer one about the moon over the rooftops and the coffee that keeps us up` : `Message ${n}`);
    }
    const page = await signedIn(browser, selene, size);
    await page.goto(`/chat?with=${matchId}`);
    const list = page.getByLabel('Conversation with Orion');
    const newest = page.getByTestId(/-message$/).getByText('Message 24', { exact: true });
    await expect(newest).toBeInViewport();

    // The page itself does not scroll: header on top, composer above the tab bar, the list between them.
    const viewport = size.viewport;
    expect(await page.evaluate(() => document.scrollingElement!.scrollHeight - window.innerHeight)).toBeLessThanOrEqual(0);
    const back = await box(page, page.getByRole('button', { name: 'Back to your matches' }));
    const composer = await box(page, page.getByPlaceholder('Type a message...'));
    const tabBar = await box(page, page.getByRole('navigation', { name: 'Main' }));
    expect(back.y).toBeGreaterThanOrEqual(0);
    expect(back.y + back.height).toBeLessThan(viewport.height / 4);
    expect(composer.y + composer.height).toBeLessThanOrEqual(tabBar.y);
    const newestBox = await box(page, newest);
    expect(newestBox.y + newestBox.height).toBeLessThanOrEqual(composer.y);

    // At the newest message, a new one comes into view by itself.
    await send(orion, matchId, 'Still up?');
    await expect(page.getByText('Still up?', { exact: true })).toBeInViewport();
    await expect(page.getByRole('button', { name: /New messages/ })).toBeHidden();

    // Scrolled up, the person reads on: the new message waits behind the pill.
    await list.evaluate((element) => element.scrollTo({ top: 0 }));
    await expect(page.getByText('Message 1', { exact: true })).toBeInViewport();
    await send(orion, matchId, 'Look at the moon');
    const pill = page.getByRole('button', { name: /New messages/ });
    await expect(pill).toBeVisible();
    await expect(page.getByText('Message 1', { exact: true })).toBeInViewport();
    await expect(page.getByText('Look at the moon', { exact: true })).not.toBeInViewport();
    await pill.click();
    await expect(page.getByText('Look at the moon', { exact: true })).toBeInViewport();
    await expect(pill).toBeHidden();

    // What the person sends shows at once, the header still in place.
    await page.getByPlaceholder('Type a message...').fill('It is beautiful');
    await page.keyboard.press('Enter');
    await expect(page.getByTestId('own-message').getByText('It is beautiful', { exact: true })).toBeInViewport();
    await expect(page.getByRole('button', { name: 'Back to your matches' })).toBeInViewport();
    expect(await page.evaluate(() => document.scrollingElement!.scrollHeight - window.innerHeight)).toBeLessThanOrEqual(0);
  });
}
