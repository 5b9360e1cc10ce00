import { expect, test, type Browser, type Page } from './fixtures';
import { contextAtHour, seedPerson, zoneWhereHourIs } from './people';
import { answerLocationDialog, newPerson, signIn, signUp, toastWith, type Person } from './support';

async function signUpAndSkipLocation(page: import('@playwright/test').Page, person: Person) {
  await signUp(page, person);
  await expect(toastWith(page, 'Account created!')).toBeVisible();
  await answerLocationDialog(page);
  await expect(page).toHaveURL(/\/onboarding$/);
}

test.describe('every screen reads the same swipe window', () => {
  // The browser tests keep the real nightly window (SWIPE_WINDOW=nightly on both stacks), and the server
  // follows each person's own zone: the person is put in a zone where it is now mid-afternoon, or 11 PM.
  // Round the clock is covered by the Lobby's and the clock's unit tests, since one stack serves every test.
  async function openLobbyAt(browser: Browser, hour: number): Promise<Page> {
    const person = await seedPerson({ name: 'Lumen', timeZone: zoneWhereHourIs(hour) });
    const page = await (await contextAtHour(browser, hour)).newPage();
    await signIn(page, person.username, person.password);
    await answerLocationDialog(page, 'Skip for Now');
    await expect(page).toHaveURL(/\/swipe-deck$/);
    await page.goto('/lobby');
    return page;
  }

  test('in the afternoon the Lobby and the top bar both say the window opens at 8 PM', async ({ browser }) => {
    const page = await openLobbyAt(browser, 15);
    // Four to five hours from mid-afternoon to 8:00 PM.
    await expect(page.getByRole('timer')).toHaveAccessibleName(/^Swiping opens at 8:00 PM\. Next 8:00 PM in [45] hours?/);
    const lobby = page.getByRole('main');
    await expect(lobby.getByText('Swiping opens in')).toBeVisible();
    await expect(lobby.getByText(/^0[45]:\d\d:\d\d$/)).toBeVisible();
    await expect(lobby.getByText('Open now')).toHaveCount(0);
  });

  test('at night the Lobby and the top bar both say swiping is open', async ({ browser }) => {
    const page = await openLobbyAt(browser, 23);
    await expect(page.getByRole('timer')).toHaveAccessibleName(/^Swiping is open\./);
    const lobby = page.getByRole('main');
    await expect(lobby.getByText('Open now')).toBeVisible();
    await expect(lobby.getByText('Swiping opens in')).toHaveCount(0);
  });
});

test('onboarding trusts the session when the browser has nothing stored', async ({ page }) => {
  const person = newPerson({ prefix: 'trust' });
  await signUpAndSkipLocation(page, person);
  await page.evaluate(() => localStorage.clear());

  await page.goto('/onboarding');
  await expect(page.getByText('Step 1 of 5')).toBeVisible();
  await expect(page).toHaveURL(/\/onboarding$/);
  await page.getByRole('radio', { name: 'Female' }).check();
  for (let step = 1; step <= 5; step += 1) await page.getByRole('button', { name: 'Skip' }).click();
  await expect(toastWith(page, 'Profile updated!')).toBeVisible();
  await answerLocationDialog(page);
  await expect(page).toHaveURL(/\/swipe-deck$/);

  const me = (await (await page.request.get('/api/auth/user')).json()).user;
  expect([me.username, me.gender, me.onboardingCompleted]).toEqual([person.username, 'Female', true]);
});

test('the sign-up screen of a signed-in person offers to continue or to sign out first', async ({ page }) => {
  const first = newPerson({ prefix: 'first' });
  await signUpAndSkipLocation(page, first);

  await page.goto('/signup');
  const question = page.getByRole('alertdialog', { name: "You're already signed in" });
  await expect(question).toContainText(`@${first.username}`);
  await question.getByRole('button', { name: `Continue as ${first.name}` }).click();
  await expect(page).toHaveURL(/\/onboarding$/);
  expect((await (await page.request.get('/api/auth/user')).json()).user.username).toBe(first.username);

  await page.goto('/signup');
  await page.getByRole('alertdialog').getByRole('button', { name: 'Sign out first' }).click();
  await expect(page.getByRole('alertdialog')).toHaveCount(0);
  expect((await page.request.get('/api/auth/user')).status()).toBe(401);

  const second = newPerson({ prefix: 'second' });
  await signUpAndSkipLocation(page, second);
  expect((await (await page.request.get('/api/auth/user')).json()).user.username).toBe(second.username);
});
