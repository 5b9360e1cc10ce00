import { expect, test, type Page } from './fixtures';
import { contextAtHour, matched, near, remotePlace, seedPerson, zoneWhereHourIs, type Seeded } from './people';
import { answerLocationDialog, signIn, toastWith } from './support';

const NIGHT = 23;
test.describe.configure({ timeout: 180_000 });

const write = async (from: Seeded, matchId: number, content: string) => {
  const response = await from.api.post('/api/messages', { data: { matchId, senderId: from.id, content } });
  expect(response.status(), await response.text()).toBe(201);
};

const like = async (from: Seeded, to: Seeded) => {
  await expect.poll(async () => (await from.api.post('/api/swipes', { data: { swiperId: from.id, swipedId: to.id, isLike: true } })).status(), { timeout: 30_000 }).toBe(200);
};

const setNotifications = async (who: Seeded, input: { matches: boolean; messages: boolean; likes: boolean; marketing: boolean }) => {
  const response = await who.api.post('/graphql', { data: { query: 'mutation ($input: NotificationPreferencesInput!) { updateNotificationPreferences(input: $input) { id } }', variables: { input } } });
  expect(await response.json()).toEqual({ data: { updateNotificationPreferences: { id: who.id } } });
};

/** Every toast title and text ever shown on the page, so a notification that came and went is still seen. */
function recordToasts(page: Page) {
  return page.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { seenToasts: string[] }).seenToasts = seen;
    new MutationObserver(() => {
      for (const item of document.querySelectorAll('[role="region"] li')) if (!seen.includes(item.textContent ?? '')) seen.push(item.textContent ?? '');
    }).observe(document, { subtree: true, childList: true, characterData: true });
  });
}
const seenToasts = (page: Page) => page.evaluate(() => (window as unknown as { seenToasts: string[] }).seenToasts);

/** The live connection is up once the Messages badge shows what was unread before signing in. */
const liveWith = (page: Page, unread: number) => expect(page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: `Messages, ${unread} unread` })).toBeVisible();
const toFeed = async (page: Page) => {
  if (page.url().includes('/settings')) await page.getByRole('link', { name: 'Back to profile' }).click();
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: /^Feed/ }).click();
  await expect(page).toHaveURL(/\/swipe-deck/);
};

async function night(names: string[]) {
  const place = remotePlace();
  const zone = zoneWhereHourIs(NIGHT);
  const people: Seeded[] = [];
  for (const [i, name] of names.entries()) people.push(await seedPerson({ name, gender: i === 0 ? 'Female' : 'Male', position: near(place, i), timeZone: zone }));
  return people;
}

test('a new message is a notification on the deck, not in its own conversation, and not once Messages is off', async ({ browser }) => {
  const [selene, orion, vega] = (await night(['Selene', 'Orion', 'Vega'])) as [Seeded, Seeded, Seeded];
  const matchId = await matched(selene, orion);
  await write(orion, matchId, 'Hello before you came');
  const page = await (await contextAtHour(browser, NIGHT)).newPage();
  await recordToasts(page);
  await signIn(page, selene.username, selene.password);
  await answerLocationDialog(page, 'Skip for Now');
  await expect(page).toHaveURL(/\/swipe-deck/);
  await liveWith(page, 1);
  // What was unread before is no news: only what comes now is announced.
  expect((await seenToasts(page)).filter((text) => text.includes('Hello before you came'))).toEqual([]);

  await write(orion, matchId, 'Are you up?');
  await expect(toastWith(page, 'New message from Orion')).toContainText('Are you up?');
  await page.screenshot({ path: test.info().outputPath('message-notification-phone.png') });

  // In the conversation the message shows where it belongs, and nothing else announces it.
  await page.goto(`/chat?with=${matchId}`);
  await write(orion, matchId, 'Still there?');
  await expect(page.getByText('Still there?')).toBeVisible();
  await page.getByRole('button', { name: 'Back to your matches' }).click();
  await toFeed(page);
  await write(orion, matchId, 'Back on the deck?');
  await expect(toastWith(page, 'New message from Orion')).toContainText('Back on the deck?');
  expect((await seenToasts(page)).filter((text) => text.includes('Still there?'))).toEqual([]);

  // Messages off (Likes on): a message is not announced; a like that comes after it is.
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: /^Profile/ }).click();
  await page.getByRole('link', { name: 'Settings' }).click();
  const messages = page.getByRole('switch', { name: 'Messages' });
  await messages.click();
  await expect(messages).toHaveAttribute('aria-checked', 'false');
  await page.getByRole('switch', { name: 'Likes' }).click();
  await expect(page.getByRole('switch', { name: 'Likes' })).toHaveAttribute('aria-checked', 'true');
  await expect(page.getByRole('switch', { name: 'Messages' })).toBeEnabled();
  await toFeed(page);
  await liveWith(page, 1);
  const looked = page.waitForResponse((response) => response.url().endsWith('/graphql') && (response.request().postData() ?? '').includes('conversations'));
  await write(orion, matchId, 'Toggled off?');
  await looked;
  await like(vega, selene);
  await expect(toastWith(page, 'Someone liked you')).toBeVisible();
  expect((await seenToasts(page)).filter((text) => text.includes('Toggled off?'))).toEqual([]);
});

test('a like is a notification; on the free plan it does not say who liked', async ({ browser }) => {
  const [selene, altair, orion] = (await night(['Selene', 'Altair', 'Orion'])) as [Seeded, Seeded, Seeded];
  await setNotifications(selene, { matches: true, messages: true, likes: true, marketing: false });
  await write(orion, await matched(selene, orion), 'Hello before you came');
  const page = await (await contextAtHour(browser, NIGHT)).newPage();
  await signIn(page, selene.username, selene.password);
  await answerLocationDialog(page, 'Skip for Now');
  await expect(page).toHaveURL(/\/swipe-deck/);
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: /^Profile/ }).click();
  await liveWith(page, 1);

  await like(altair, selene);
  const notice = toastWith(page, 'Someone liked you');
  await expect(notice).toBeVisible();
  await expect(notice).not.toContainText('Altair');
  await page.screenshot({ path: test.info().outputPath('like-notification-free-phone.png') });
});

test('with the tab hidden, a message is a browser notification once it was allowed from Settings (never asked before)', async ({ browser }) => {
  const [selene, orion] = (await night(['Selene', 'Orion'])) as [Seeded, Seeded];
  const matchId = await matched(selene, orion);
  await write(orion, matchId, 'Hello before you came');
  const context = await contextAtHour(browser, NIGHT, { permissions: ['notifications'] });
  const page = await context.newPage();
  // The browser's permission reads "not asked" until the app asks; each notification built is recorded,
  // and the page can be made hidden as when the person switches tabs.
  await page.addInitScript(() => {
    const state = window as unknown as { askedForNotifications: number; notices: Array<{ title: string; body?: string }>; hidden: boolean };
    state.askedForNotifications = 0;
    state.notices = [];
    state.hidden = false;
    const Real = window.Notification;
    class Recorded extends Real {
      constructor(title: string, options?: NotificationOptions) {
        state.notices.push({ title, body: options?.body });
        super(title, options);
      }
      static override get permission() {
        return state.askedForNotifications > 0 ? Real.permission : 'default';
      }
      static override requestPermission() {
        state.askedForNotifications += 1;
        return Real.requestPermission();
      }
    }
    window.Notification = Recorded;
    Object.defineProperty(document, 'visibilityState', { get: () => (state.hidden ? 'hidden' : 'visible') });
    Object.defineProperty(document, 'hidden', { get: () => state.hidden });
  });
  const asked = () => page.evaluate(() => (window as unknown as { askedForNotifications: number }).askedForNotifications);

  await signIn(page, selene.username, selene.password);
  await answerLocationDialog(page, 'Skip for Now');
  await expect(page).toHaveURL(/\/swipe-deck/);
  expect(await asked()).toBe(0);

  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: /^Profile/ }).click();
  await page.getByRole('link', { name: 'Settings' }).click();
  const row = page.getByText('Browser notifications').locator('xpath=../..');
  await row.getByRole('button', { name: 'Allow' }).click();
  await expect(row).toContainText('On: matches, messages and likes while Nocturne is in the background');
  expect(await asked()).toBe(1);

  await toFeed(page);
  await liveWith(page, 1);
  await page.evaluate(() => {
    (window as unknown as { hidden: boolean }).hidden = true;
    document.dispatchEvent(new Event('visibilitychange'));
  });
  await write(orion, matchId, 'Come back to the night');
  await expect.poll(() => page.evaluate(() => (window as unknown as { notices: unknown[] }).notices)).toEqual([{ title: 'New message from Orion', body: 'Come back to the night' }]);
});
