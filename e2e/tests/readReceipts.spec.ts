import { expect, test } from './fixtures';
import { contextAtHour, matched, near, remotePlace, seedPerson, zoneWhereHourIs } from './people';
import { answerLocationDialog, signIn } from './support';

// Read receipts are Plus's: a free member sees a quiet "See when it's read" under their last message, which
// opens the read-receipts prompt (Plus); once on Plus, 'Seen' shows when the other person reads.
const NIGHT = 23;
test.describe.configure({ timeout: 180_000 });

test("a free member's \"See when it's read\" opens the Plus prompt, and with Plus 'Seen' follows the other person's reading", async ({ browser }) => {
  const place = remotePlace();
  const zone = zoneWhereHourIs(NIGHT);
  const selene = await seedPerson({ name: 'Selene', gender: 'Female', position: place, timeZone: zone });
  const orion = await seedPerson({ name: 'Orion', gender: 'Male', position: near(place, 3), timeZone: zone });
  const matchId = await matched(selene, orion);
  expect((await selene.api.post('/api/messages', { data: { matchId, senderId: selene.id, content: 'Still awake?' } })).status()).toBe(201);

  const page = await (await contextAtHour(browser, NIGHT)).newPage();
  await signIn(page, selene.username, selene.password);
  await answerLocationDialog(page, 'Skip for Now');
  await page.goto(`/chat?with=${matchId}`);
  const ownMessage = page.getByTestId('own-message').filter({ hasText: 'Still awake?' });
  await expect(ownMessage).toBeVisible();
  const ask = ownMessage.getByRole('button', { name: "See when it's read" });
  await expect(ask).toBeVisible();
  await expect(ownMessage.getByText('Seen', { exact: true })).toHaveCount(0);
  await page.screenshot({ path: test.info().outputPath('see-when-read-390.png') });

  await ask.click();
  const prompt = page.getByRole('dialog', { name: 'Know when they read it' });
  await expect(prompt).toBeVisible();
  await prompt.getByRole('button', { name: 'Get Plus · $9.99 a week' }).click();
  await expect(prompt).toBeHidden();
  await expect(ask).toBeHidden();

  // Orion reads: on Plus, Selene sees it live.
  const read = await orion.api.post('/graphql', { data: { query: 'mutation ($m: Int!) { markConversationRead(matchId: $m) }', variables: { m: matchId } } });
  expect(read.status()).toBe(200);
  await expect(ownMessage.getByText('Seen', { exact: true })).toBeVisible();
});
