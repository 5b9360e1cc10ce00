import { expect, test } from './fixtures';
import { contextAtHour, matched, near, remotePlace, seedPerson, zoneWhereHourIs, type Seeded } from './people';
import { answerLocationDialog, signIn } from './support';

const NIGHT = 23;
test.describe.configure({ timeout: 180_000 });

const write = async (from: Seeded, matchId: number, content: string) => {
  const response = await from.api.post('/api/messages', { data: { matchId, senderId: from.id, content } });
  expect(response.status(), await response.text()).toBe(201);
};

test('the matches list puts the latest activity first, marks unread rows, shows today as a time of day, and reorders live', async ({ browser }) => {
  const place = remotePlace();
  const zone = zoneWhereHourIs(NIGHT);
  const selene = await seedPerson({ name: 'Selene', gender: 'Female', position: place, timeZone: zone });
  const [orion, altair, vega] = [
    await seedPerson({ name: 'Orion', gender: 'Male', position: near(place, 2), timeZone: zone }),
    await seedPerson({ name: 'Altair', gender: 'Male', position: near(place, 3), timeZone: zone }),
    await seedPerson({ name: 'Vega', gender: 'Male', position: near(place, 4), timeZone: zone }),
  ];
  const withOrion = await matched(selene, orion);
  const withAltair = await matched(selene, altair);
  await matched(selene, vega);
  // The oldest match writes: a new reply sits first, above the silent newer matches.
  await write(orion, withOrion, 'Are you up?');

  const page = await (await contextAtHour(browser, NIGHT)).newPage();
  await signIn(page, selene.username, selene.password);
  await answerLocationDialog(page, 'Skip for Now');
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: /^Messages/ }).click();
  const rows = page.getByRole('list').getByRole('button');
  const names = () => rows.evaluateAll((buttons) => buttons.map((button) => button.getAttribute('aria-label')));
  await expect.poll(names).toEqual(['Orion, 1 unread', 'Vega', 'Altair']);
  await expect(rows.first()).toContainText('Are you up?');
  await expect(rows.first().locator('time')).toHaveText(/^\d{1,2}:\d{2} (AM|PM)$/);

  // Altair answers while the list is open: his row moves up, live.
  await write(altair, withAltair, 'Good evening');
  await expect.poll(names).toEqual(['Altair, 1 unread', 'Orion, 1 unread', 'Vega']);
});
