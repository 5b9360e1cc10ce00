import { expect, test, type Page } from '@playwright/test';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

import type { Person } from '../../tests/system/support/people';

// A new person for each test, unique across runs: the system tests' person factory.
export { newPerson, type Person } from '../../tests/system/support/people';

/** A toast carrying this text (a replaced toast may still be fading out beside it). */
export const toastWith = (page: Page, text: string) =>
  page.getByRole('region', { name: /Notifications/ }).locator('li', { hasText: text }).first();

export async function signUp(page: Page, person: Person) {
  await page.goto('/signup');
  await page.getByLabel('Username').fill(person.username);
  await page.getByLabel('Email').fill(person.email);
  await page.getByLabel('Name', { exact: true }).fill(person.name);
  await page.getByLabel('Age').fill(String(person.age));
  await page.getByLabel('Password', { exact: true }).fill(person.password);
  await page.getByRole('button', { name: 'Create Account' }).click();
}

export async function signIn(page: Page, username: string, password: string) {
  await page.goto('/signin');
  await page.getByLabel('Username').fill(username);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign In' }).click();
}

/** The newest mail sent to an address, read from the outbox the stack writes in tests. */
export async function latestMailTo(address: string): Promise<{ to: string; subject: string; text: string }> {
  const outbox = process.env.E2E_MAIL_OUTBOX!;
  let found: { to: string; subject: string; text: string } | undefined;
  await expect
    .poll(() => {
      if (!existsSync(outbox)) return false;
      const mails = readdirSync(outbox)
        .filter((f) => f.endsWith('.json'))
        .sort()
        .map((f) => JSON.parse(readFileSync(join(outbox, f), 'utf8')) as { to: string; subject: string; text: string })
        .filter((m) => String(m.to).includes(address));
      found = mails.at(-1);
      return Boolean(found);
    }, { message: `a mail to ${address}` })
    .toBe(true);
  return found!;
}

/** The location dialog shown after sign-up, sign-in and onboarding: waits for it and answers it. */
export async function answerLocationDialog(page: Page, choice: 'Skip for Now' | 'Enable Location' = 'Skip for Now') {
  const dialog = page.getByRole('dialog', { name: 'Enable Location' });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: choice }).click();
  if (choice === 'Enable Location') return;
  // Twice under heavy load (two browser journeys and their stacks on two cores) a click on "Skip for Now"
  // that reached the button left the dialog open, and it has not been reproduced otherwise. Such a click
  // is noted in the test's annotations and on its output, and made once more; a second one that does
  // nothing fails the test. (Each failed test's journal shows what its pages did.)
  try {
    await expect(dialog).toBeHidden({ timeout: 5_000 });
  } catch {
    const note = `"Skip for Now" was clicked and the dialog stayed open at ${page.url()}: clicked again`;
    test.info().annotations.push({ type: 'lost click', description: note });
    console.warn(note);
    await dialog.getByRole('button', { name: choice }).click();
    await expect(dialog).toBeHidden();
  }
}
