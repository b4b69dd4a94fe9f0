import type { Page } from 'playwright-core';
import type { MailCatcher } from './own-server.ts';

export const SIGN_UP_PASSWORD = 'Night-owls-42!';

/** Signs a new account up through the pages and the mailed code; the gate then lands it in the wizard. */
export async function signUp(page: Page, baseUrl: string, mail: MailCatcher, email: string): Promise<void> {
  await page.goto(`${baseUrl}/signup`);
  await page.getByLabel('Work email').fill(email);
  await page.getByRole('button', { name: 'Sign up' }).click();
  await page.getByRole('heading', { name: 'Check Your Email' }).waitFor();
  const code = await mail.waitFor(email, /confirmation code: (\d{6})/);
  await page.goto(`${baseUrl}/confirm-email?email=${encodeURIComponent(email)}`);
  await page.getByLabel('Confirmation code').fill(code);
  await page.getByRole('button', { name: 'Confirm email' }).click();
  await page.waitForURL(/\/set-password\?/);
  await page.getByLabel('New password').fill(SIGN_UP_PASSWORD);
  await page.getByLabel('Confirm password').fill(SIGN_UP_PASSWORD);
  await page.getByRole('button', { name: 'Set password' }).click();
  await page.waitForURL(/\/onboarding\/step1$/);
}
