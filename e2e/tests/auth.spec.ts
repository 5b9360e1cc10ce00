import { expect, test } from './fixtures';
import { answerLocationDialog, latestMailTo, newPerson, signIn, signUp, toastWith } from './support';

test.describe('account journey', () => {
  test('landing leads to sign-up and sign-in', async ({ page }) => {
    await page.goto('/');
    await expect(page.getByText('When darkness falls, connections rise.')).toBeVisible();
    await page.getByRole('link', { name: 'Already exploring?' }).click();
    await expect(page).toHaveURL(/\/signin$/);
    await page.goto('/');
    await page.getByRole('button', { name: 'Enter the Night' }).or(page.getByRole('link', { name: 'Enter the Night' })).click();
    await expect(page).toHaveURL(/\/signup$/);
    await expect(page.getByRole('heading', { name: 'Join Nocturne' })).toBeVisible();
  });

  test('signs up, signs out and signs in again', async ({ page }) => {
    const person = newPerson();
    await signUp(page, person);
    await expect(toastWith(page, 'Account created!')).toBeVisible();
    await answerLocationDialog(page);
    await expect(page).toHaveURL(/\/onboarding$/);
    // Only the id and the signed-in flag, for this tab; nothing about the person in localStorage.
    expect(await page.evaluate(() => sessionStorage.getItem('currentUserId'))).toMatch(/^\d+$/);
    expect(await page.evaluate(() => ({ ...localStorage }))).toEqual({});
    expect(await page.evaluate(() => JSON.stringify({ ...sessionStorage }))).not.toContain(person.email);
    // The device cookie that keeps this browser signed-in-able while strangers lock the account out.
    expect((await page.context().cookies()).find((cookie) => cookie.name === 'nocturne_device')).toMatchObject({ httpOnly: true, sameSite: 'Strict' });

    const me = await page.request.get('/api/auth/user');
    expect(me.status()).toBe(200);
    expect((await me.json()).user.username).toBe(person.username);
    // Onboarded, so that signing in again leads to the feed (before, every signed-in screen leads to /onboarding).
    const id = (await me.json()).user.id;
    expect((await page.request.patch(`/api/user/${id}`, { headers: { Origin: new URL(page.url()).origin }, data: { gender: 'Female', kinks: ['Rope Play'], interests: ['Art'] } })).ok()).toBe(true);

    await page.goto('/profile');
    await page.getByRole('button', { name: 'Sign Out' }).click();
    await expect(page).toHaveURL(/\/$/);
    expect((await page.request.get('/api/auth/user')).status()).toBe(401);
    expect(await page.evaluate(() => sessionStorage.getItem('currentUserId'))).toBeNull();

    await signIn(page, person.username, person.password);
    await expect(toastWith(page, 'Welcome back!')).toBeVisible();
    await answerLocationDialog(page);
    await expect(page).toHaveURL(/\/(feed|swipe-deck)$/);
  });

  test('shows field rules and server errors', async ({ page }) => {
    await page.goto('/signin');
    await page.getByRole('button', { name: 'Sign In' }).click();
    await expect(page.getByText('Username is required')).toBeVisible();
    await expect(page.getByText('Password is required')).toBeVisible();

    await signIn(page, 'nobody-here', 'wrong-password');
    await expect(toastWith(page, 'Sign in failed')).toBeVisible();
    await expect(toastWith(page, 'Invalid username or password')).toBeVisible();

    const person = newPerson({ prefix: 'dup' });
    await signUp(page, person);
    await answerLocationDialog(page);
    await expect(page).toHaveURL(/\/onboarding$/);
    await page.context().clearCookies();
    await signUp(page, { ...person, email: `other.${person.email}` });
    await expect(toastWith(page, 'Sign up failed')).toBeVisible();
    await expect(toastWith(page, 'Username is already taken')).toBeVisible();
    await expect(page.getByRole('form', { name: 'Create your account' }).getByText('Username is already taken')).toBeVisible();

    await signUp(page, { ...newPerson({ prefix: 'weak' }), password: 'password1' });
    await expect(toastWith(page, 'Sign up failed')).toBeVisible();
    await expect(page.getByRole('form', { name: 'Create your account' }).getByText('This password is one of the most common leaked passwords. Please choose another.')).toBeVisible();
  });

  test('resets a forgotten password through the emailed link', async ({ page }) => {
    const person = newPerson({ prefix: 'reset' });
    await signUp(page, person);
    await answerLocationDialog(page);
    await expect(page).toHaveURL(/\/onboarding$/);
    await page.context().clearCookies();

    await page.goto('/signin');
    await page.getByRole('link', { name: 'Forgot your password?' }).click();
    await expect(page).toHaveURL(/\/forgot-password$/);
    await page.getByLabel('Email').fill(person.email);
    await page.getByRole('button', { name: 'Send Reset Instructions' }).click();
    await expect(page.getByRole('heading', { name: 'Check Your Email' })).toBeVisible();
    await expect(toastWith(page, 'Reset Email Sent')).toBeVisible();

    const mail = await latestMailTo(person.email);
    const link = mail.text.match(/https?:\/\/\S+\/reset-password\?token=[\w-]+/)?.[0];
    expect(link, 'the mail carries a reset link').toBeTruthy();
    // Opened as it is: the stack runs on a port of its own (E2E_PORT) without PUBLIC_URL, and the link follows it.
    expect(new URL(link!).port).toBe(new URL(page.url()).port);
    await page.goto(link!);
    await page.getByLabel('New password', { exact: true }).fill('superman');
    await page.getByLabel('Confirm new password').fill('superman');
    await page.getByRole('button', { name: 'Save New Password' }).click();
    await expect(page.getByText('This password is one of the most common leaked passwords. Please choose another.')).toBeVisible();
    const newPassword = 'starlight-77';
    await page.getByLabel('New password', { exact: true }).fill(newPassword);
    await page.getByLabel('Confirm new password').fill(newPassword);
    await page.getByRole('button', { name: 'Save New Password' }).click();
    await expect(page.getByRole('heading', { name: 'Password Updated' })).toBeVisible();

    await signIn(page, person.username, person.password);
    await expect(toastWith(page, 'Sign in failed')).toBeVisible();
    await signIn(page, person.username, newPassword);
    await expect(toastWith(page, 'Welcome back!')).toBeVisible();
  });

  test('unknown paths show the 404 page', async ({ page }) => {
    await page.goto('/no/such/place');
    await expect(page.getByText('Page Not Found')).toBeVisible();
  });
});
