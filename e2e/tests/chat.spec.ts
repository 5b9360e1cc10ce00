import { expect, test, type Browser, type Page } from './fixtures';
import { IceBreakers } from '@nocturne/contracts';
import { contextAtHour, matched, near, remotePlace, seedPerson, zoneWhereHourIs, type Seeded } from './people';
import { answerLocationDialog, signIn, toastWith } from './support';

// Two browsers chat live through the gateway's subscriptions; the nightly window applies (11 PM for all).
const NIGHT = 23;
// On the real servers of this machine (FerretDB) a sign-up or a block can take many seconds.
const realStack = process.env.E2E_STACK === 'real';
test.describe.configure({ timeout: realStack ? 420_000 : 180_000 });
/** For what waits on other services (a block, an unmatch, a deletion travelling over the bus). */
const acrossServices = { timeout: realStack ? 60_000 : 15_000 };

async function pair(): Promise<[Seeded, Seeded, number]> {
  const place = remotePlace();
  const zone = zoneWhereHourIs(NIGHT);
  const selene = await seedPerson({ name: 'Selene', gender: 'Female', position: place, timeZone: zone });
  const orion = await seedPerson({ name: 'Orion', gender: 'Male', position: near(place, 3), timeZone: zone });
  return [selene, orion, await matched(selene, orion)];
}

async function openChat(browser: Browser, person: Seeded, prepare?: (page: Page) => Promise<void>): Promise<Page> {
  const context = await contextAtHour(browser, NIGHT);
  const page = await context.newPage();
  await prepare?.(page);
  await signIn(page, person.username, person.password);
  await answerLocationDialog(page, 'Skip for Now');
  await expect(page).toHaveURL(/\/swipe-deck$/);
  await page.getByRole('link', { name: /^Messages/ }).click();
  await expect(page.getByRole('heading', { name: 'Your Matches' })).toBeVisible();
  return page;
}

const messagesTab = (page: Page) => page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: /^Messages/ });
const bubbles = (page: Page, text: string) => page.getByTestId(/-message$/).getByText(text, { exact: true });

test('two people chat live both ways; the badge counts and clears; a stranger cannot open the conversation', async ({ browser }) => {
  const [selene, orion, matchId] = await pair();
  const selenePage = await openChat(browser, selene);
  const orionPage = await openChat(browser, orion);

  const row = selenePage.getByRole('button', { name: 'Orion' });
  await expect(row).toContainText('Start a conversation!');
  await row.click();
  await expect(selenePage.getByText('Online now')).toBeVisible();
  const input = selenePage.getByPlaceholder('Type a message...');
  await expect(selenePage.getByRole('button', { name: 'Send' })).toBeDisabled();
  await selenePage.getByRole('button', { name: 'Suggest Ice-Breaker' }).click();
  expect(IceBreakers).toContain(await input.inputValue());
  await input.fill('Hello Orion');
  await input.press('Shift+Enter');
  await input.pressSequentially('under the moon');
  await input.press('Enter');
  await expect(bubbles(selenePage, 'Hello Orion\nunder the moon')).toBeVisible();
  await expect(input).toHaveValue('');

  // Orion, on the list: the badge and the row show it live.
  await expect(messagesTab(orionPage)).toHaveAccessibleName('Messages, 1 unread');
  const orionRow = orionPage.getByRole('button', { name: 'Selene, 1 unread' });
  await expect(orionRow).toContainText('Hello Orion');
  await orionRow.click();
  await expect(bubbles(orionPage, 'Hello Orion\nunder the moon')).toBeVisible();
  await expect(messagesTab(orionPage)).toHaveAccessibleName('Messages');

  // Typing dots, then the answer, live on the other side.
  await orionPage.getByPlaceholder('Type a message...').fill('Hi');
  await expect(selenePage.getByLabel('Orion is typing')).toBeVisible();
  await orionPage.getByPlaceholder('Type a message...').fill('Hi Selene!');
  await orionPage.getByRole('button', { name: 'Send' }).click();
  await expect(bubbles(selenePage, 'Hi Selene!')).toBeVisible();
  await expect(selenePage.getByLabel('Orion is typing')).toBeHidden();
  await expect(selenePage.getByTestId('their-message')).toHaveCount(1);
  await expect(orionPage.getByTestId('own-message')).toHaveCount(1);

  // A third person: refused by the API, and the screen shows nothing of it.
  const stranger = await seedPerson({ name: 'Nyx' });
  expect((await stranger.api.get(`/api/messages?matchId=${matchId}`)).status()).toBe(404);
  expect((await stranger.api.post('/api/messages', { data: { matchId, senderId: stranger.id, content: 'let me in' } })).status()).toBe(404);
  const strangerPage = await openChat(browser, stranger);
  await strangerPage.goto(`/chat?with=${matchId}`);
  await expect(strangerPage.getByRole('heading', { name: 'This conversation is gone' })).toBeVisible();
  await expect(strangerPage.getByText('Hello Orion')).toHaveCount(0);
});

test('report and block are two acts: a report keeps the conversation, a block removes it on both sides', async ({ browser }) => {
  const [selene, orion] = await pair();
  const orionPage = await openChat(browser, orion);
  await expect(orionPage.getByRole('button', { name: 'Selene' })).toBeVisible();
  const selenePage = await openChat(browser, selene);
  await selenePage.getByRole('button', { name: 'Orion' }).click();
  const menu = selenePage.getByRole('button', { name: 'Conversation menu' });
  await menu.click();
  await expect(selenePage.getByRole('menuitem')).toHaveText(['Unmatch', 'Block', 'Report']);
  await selenePage.getByRole('menuitem', { name: 'Report' }).click();
  const report = selenePage.getByRole('dialog', { name: 'Report Orion' });
  await report.getByLabel('Reason').selectOption({ label: 'Spam or scam' });
  await report.getByLabel('What happened (optional)').fill('Links at midnight');
  await report.getByRole('button', { name: 'Send report' }).click();
  await expect(toastWith(selenePage, 'Report sent')).toBeVisible();
  await expect(report).toBeHidden();
  // Reported, not blocked: the conversation goes on.
  await expect(selenePage.getByPlaceholder('Type a message...')).toBeEnabled();
  await expect(orionPage.getByRole('button', { name: 'Selene' })).toBeVisible();

  await menu.click();
  await selenePage.getByRole('menuitem', { name: 'Block' }).click();
  await selenePage.getByRole('alertdialog', { name: 'Block Orion?' }).getByRole('button', { name: 'Block' }).click();
  await expect(selenePage.getByRole('heading', { name: 'No matches yet' })).toBeVisible(acrossServices);
  // Orion's list drops it live.
  await expect(orionPage.getByRole('heading', { name: 'No matches yet' })).toBeVisible(acrossServices);
});

test("an unmatch closes the open conversation on the other side; a deleted account says so", async ({ browser }) => {
  const [selene, orion, matchId] = await pair();
  const orionPage = await openChat(browser, orion);
  await orionPage.getByRole('button', { name: 'Selene' }).click();
  await expect(orionPage.getByPlaceholder('Type a message...')).toBeVisible();
  expect((await selene.api.post('/graphql', { data: { query: 'mutation ($m: Int!) { unmatch(matchId: $m) }', variables: { m: matchId } } })).ok()).toBe(true);
  await expect(orionPage.getByRole('heading', { name: 'This conversation is gone' })).toBeVisible(acrossServices);

  const [vega, altair, second] = await pair();
  const altairPage = await openChat(browser, altair);
  await altairPage.getByRole('button', { name: 'Selene' }).click();
  await vega.api.post('/api/messages', { data: { matchId: second, senderId: vega.id, content: 'soon gone' } });
  await expect(bubbles(altairPage, 'soon gone')).toBeVisible();
  expect((await vega.api.delete('/api/account', { data: {} })).ok()).toBe(true);
  await expect(altairPage.getByRole('heading', { name: 'This account was deleted' })).toBeVisible(acrossServices);
});

test('after the network drops and returns, messages sent meanwhile appear once', async ({ browser }) => {
  const [selene, orion, matchId] = await pair();
  let connected = true;
  const sockets: Array<{ close(): Promise<void> }> = [];
  const orionPage = await openChat(browser, orion, async (page) => {
    // The browser's socket to the gateway passes through here, so the test can cut it.
    await page.routeWebSocket(/\/graphql$/, (socket) => {
      if (!connected) return void socket.close({ code: 1006 }).catch(() => undefined);
      const server = socket.connectToServer();
      sockets.push({ close: async () => void (await Promise.all([socket.close({ code: 1006 }).catch(() => undefined), server.close().catch(() => undefined)])) });
    });
  });
  await orionPage.getByRole('button', { name: 'Selene' }).click();
  await selene.api.post('/api/messages', { data: { matchId, senderId: selene.id, content: 'before the drop' } });
  await expect(bubbles(orionPage, 'before the drop')).toBeVisible();

  connected = false;
  for (const socket of sockets.splice(0)) await socket.close();
  for (const text of ['while you were away', 'still there?']) expect((await selene.api.post('/api/messages', { data: { matchId, senderId: selene.id, content: text } })).status()).toBe(201);
  await expect(bubbles(orionPage, 'while you were away')).toHaveCount(0);
  connected = true;

  await expect(bubbles(orionPage, 'while you were away')).toBeVisible({ timeout: 30_000 });
  await expect(bubbles(orionPage, 'still there?')).toHaveCount(1);
  // Live again: the next one arrives once too.
  await selene.api.post('/api/messages', { data: { matchId, senderId: selene.id, content: 'welcome back' } });
  await expect(bubbles(orionPage, 'welcome back')).toHaveCount(1);
  await expect(orionPage.getByTestId('their-message')).toHaveCount(4);
});

test('the match popup reaches the person who liked first, wherever they are in the app', async ({ browser }) => {
  const place = remotePlace();
  const zone = zoneWhereHourIs(NIGHT);
  const selene = await seedPerson({ name: 'Selene', gender: 'Female', position: place, timeZone: zone });
  const orion = await seedPerson({ name: 'Orion', gender: 'Male', position: near(place, 3), timeZone: zone });
  const like = (from: Seeded, to: Seeded) => from.api.post('/api/swipes', { data: { swiperId: from.id, swipedId: to.id, isLike: true } });
  await expect.poll(async () => (await like(selene, orion)).status(), { timeout: 30_000 }).toBe(200);
  const selenePage = await openChat(browser, selene);
  await selenePage.getByRole('link', { name: 'Profile' }).click();
  await expect(selenePage).toHaveURL(/\/profile$/);
  await expect.poll(async () => ((await (await like(orion, selene)).json()) as { isMatch?: boolean }).isMatch, { timeout: 30_000 }).toBe(true);
  const popup = selenePage.getByRole('alertdialog', { name: "It's a Match!" });
  await expect(popup.getByText('You and Orion liked each other')).toBeVisible(acrossServices);
  await popup.getByRole('button', { name: 'Start Chatting' }).click();
  await expect(selenePage.getByText('Online now').or(selenePage.getByText('Offline'))).toBeVisible();
  await expect(selenePage.getByPlaceholder('Type a message...')).toBeVisible();
});

test("on Plus the last message says 'Seen' once the other has read it; 'Unmatch' from the menu ends the conversation for both", async ({ browser }) => {
  const [selene, orion] = await pair();
  expect((await selene.api.post('/api/plan', { data: { plan: 'plus', billing: 'weekly' } })).ok()).toBe(true);
  const selenePage = await openChat(browser, selene);
  await selenePage.getByRole('button', { name: 'Orion' }).click();
  await selenePage.getByPlaceholder('Type a message...').fill('Are you up?');
  await selenePage.getByRole('button', { name: 'Send' }).click();
  await expect(bubbles(selenePage, 'Are you up?')).toBeVisible();
  await expect(selenePage.getByText('Seen', { exact: true })).toHaveCount(0);

  // Orion opens the conversation: the message is read, and Selene's screen says so live.
  const orionPage = await openChat(browser, orion);
  await orionPage.getByRole('button', { name: 'Selene, 1 unread' }).click();
  await expect(bubbles(orionPage, 'Are you up?')).toBeVisible();
  await expect(selenePage.getByText('Seen', { exact: true })).toBeVisible(acrossServices);

  // Cancel keeps everything; confirming ends it on both sides.
  await selenePage.getByRole('button', { name: 'Conversation menu' }).click();
  await selenePage.getByRole('menuitem', { name: 'Unmatch' }).click();
  const confirm = selenePage.getByRole('alertdialog', { name: 'Unmatch Orion?' });
  await expect(confirm.getByText('The conversation disappears for both of you. This cannot be undone.')).toBeVisible();
  await confirm.getByRole('button', { name: 'Cancel' }).click();
  await expect(confirm).toBeHidden();
  await expect(bubbles(selenePage, 'Are you up?')).toBeVisible();
  await selenePage.getByRole('button', { name: 'Conversation menu' }).click();
  await selenePage.getByRole('menuitem', { name: 'Unmatch' }).click();
  await selenePage.getByRole('alertdialog', { name: 'Unmatch Orion?' }).getByRole('button', { name: 'Unmatch' }).click();
  await expect(selenePage.getByRole('heading', { name: 'No matches yet' })).toBeVisible(acrossServices);
  await expect(orionPage.getByRole('heading', { name: 'This conversation is gone' })).toBeVisible(acrossServices);
  expect((await selene.api.get(`/api/matches/${selene.id}`)).ok()).toBe(true);
  expect(await (await selene.api.get(`/api/matches/${selene.id}`)).json()).toEqual([]);
});
