import { expect, test, type Browser, type Page } from './fixtures';
import { contextAtHour, near, remotePlace, seedPerson, zoneWhereHourIs, type Seeded } from './people';
import { answerLocationDialog, signIn, toastWith } from './support';

// Block and Report from the deck's detail sheet, at phone size, inside the nightly window (11 PM).
const NIGHT = 23;

test.describe.configure({ timeout: 120_000 });

async function openDeck(browser: Browser, person: Seeded): Promise<Page> {
  const page = await (await contextAtHour(browser, NIGHT)).newPage();
  await signIn(page, person.username, person.password);
  await answerLocationDialog(page, 'Skip for Now');
  await expect(page).toHaveURL(/\/swipe-deck$/);
  const welcome = page.getByRole('button', { name: 'Close notification' });
  await welcome.click({ timeout: 3000 }).catch(() => expect(welcome).toBeHidden());
  return page;
}

const topCard = (page: Page) => page.getByTestId('top-card');

async function openSheet(page: Page, name: string) {
  await topCard(page).getByRole('button', { name: `Open ${name}'s profile` }).click();
  const sheet = page.getByRole('dialog', { name: new RegExp(`^${name}, \\d+`) });
  await expect(sheet).toBeVisible();
  return sheet;
}

test('from the detail sheet, a report keeps the card and says so; a block takes the card away for good, reload and Restart included', async ({ browser }) => {
  const place = remotePlace();
  const viewer = await seedPerson({ name: 'Vesper', position: place, timeZone: zoneWhereHourIs(NIGHT) });
  await seedPerson({ name: 'Astra', age: 26, position: near(place, 1), photos: 1, hue: 1 });
  await seedPerson({ name: 'Brutus', age: 33, gender: 'Male', position: near(place, 30), photos: 1, hue: 4 });

  const page = await openDeck(browser, viewer);
  await expect(topCard(page)).toHaveAccessibleName('Astra, 26');

  // Report: the dialog takes the sheet's place; cancelling brings the sheet back.
  let sheet = await openSheet(page, 'Astra');
  await sheet.getByRole('button', { name: 'Report Astra' }).click();
  let report = page.getByRole('dialog', { name: 'Report Astra' });
  await expect(report).toBeVisible();
  await expect(sheet).toBeHidden();
  await report.getByRole('button', { name: 'Cancel' }).click();
  sheet = page.getByRole('dialog', { name: /^Astra, 26/ });
  await expect(sheet).toBeVisible();
  await sheet.getByRole('button', { name: 'Report Astra' }).click();
  report = page.getByRole('dialog', { name: 'Report Astra' });
  await report.getByLabel('Reason').selectOption({ label: 'Fake profile' });
  await report.getByLabel('What happened (optional)').fill('The photos are of a film star.');
  await expect(report.getByLabel(/Block too/)).not.toBeChecked();
  await report.getByRole('button', { name: 'Send report' }).click();
  await expect(toastWith(page, 'Report sent')).toBeVisible();
  await expect(report).toBeHidden();
  // A report hides nobody: Astra is still on top.
  await expect(topCard(page)).toHaveAccessibleName('Astra, 26');

  await page.getByRole('button', { name: 'Pass on Astra', exact: true }).click();
  await expect(topCard(page)).toHaveAccessibleName('Brutus, 33');

  // Block: confirmed, then the card goes at once and the deck moves on.
  sheet = await openSheet(page, 'Brutus');
  await sheet.getByRole('button', { name: 'Block Brutus' }).click();
  const block = page.getByRole('alertdialog', { name: 'Block Brutus?' });
  await expect(block.getByText('You will not see each other anywhere again')).toBeVisible();
  await block.getByRole('button', { name: 'Block', exact: true }).click();
  await expect(block).toBeHidden();
  await expect(page.getByTestId('swipe-announcement')).toHaveText('You blocked Brutus.');
  await expect(page.getByRole('heading', { name: 'No More Profiles' })).toBeVisible();

  // Never back: not after a reload, not on Restart (which brings Astra, passed, back).
  await page.reload();
  await expect(page.getByRole('heading', { name: 'No More Profiles' })).toBeVisible();
  await page.getByRole('button', { name: 'Restart' }).click();
  await expect(topCard(page)).toHaveAccessibleName('Astra, 26');
  await expect(page.getByRole('button', { name: "Open Brutus's profile" })).toHaveCount(0);
  await page.getByRole('button', { name: 'Pass on Astra', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'No More Profiles' })).toBeVisible();
});
