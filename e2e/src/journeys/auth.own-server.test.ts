import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DESKTOP, PHONE, screenshot, watchConsole } from '../browser.ts';
import type { StartedServer } from '../server.ts';
import { type MailCatcher, type OwnServer, startOwnServer } from './own-server.ts';

let own: OwnServer;
let browser: Browser;
let server: StartedServer;
let mail: MailCatcher;

const email = `founder-${Date.now()}@nightowls.io`;
const PASSWORD = 'Night-owls-42!';
const NEW_PASSWORD = 'Early-birds-77!';

beforeAll(async () => {
  own = await startOwnServer({ SEED_DEMO: 'false', JOBS: 'false' });
  ({ browser, server, mail } = own);
});
afterAll(() => own?.stop());

const url = (path: string) => `${server.url}${path}`;
/** Signed in: a new account has not finished onboarding, so the gate lands it on /onboarding/step1. */
const SIGNED_IN = /\/onboarding\/step1$/;
/** Console problems other than the expected 401, 400 and 409 answers of auth calls. */
const unexpected = (problems: string[]) => problems.filter((p) => !/status of (401|400|409)/.test(p));

async function shoot(page: Page, name: string) {
  await screenshot(page, 'auth', name);
}

describe('sign-up, sign-in and password journeys', () => {
  it('signs up, confirms with the code from the mail, sets a password and lands signed in', async () => {
    const page = await browser.newPage({ viewport: DESKTOP });
    const problems = watchConsole(page);
    await page.goto(url('/signup'));
    await shoot(page, 'signup-desktop');
    await page.getByLabel('Work email').fill(`  ${email}`);
    await page.getByLabel('Work email').blur();
    await page.getByText('Valid email address').waitFor();
    await page.getByRole('button', { name: 'Sign up' }).click();
    await page.getByRole('heading', { name: 'Check Your Email' }).waitFor();
    await shoot(page, 'check-your-email-desktop');

    const code = await mail.waitFor(email, /confirmation code: (\d{6})/);
    await page.getByRole('link', { name: 'Enter confirmation code' }).click();
    await page.waitForURL(/\/confirm-email\?email=/);
    await page.getByLabel('Confirmation code').fill(code);
    await shoot(page, 'confirm-email-desktop');
    await page.getByRole('button', { name: 'Confirm email' }).click();

    await page.waitForURL(/\/set-password\?/);
    await page.getByRole('heading', { name: 'Set Your Password' }).waitFor();
    const submit = page.getByRole('button', { name: 'Set password' });
    await page.getByLabel('New password').fill('short');
    expect(await submit.isDisabled()).toBe(true);
    await page.getByLabel('New password').fill(PASSWORD);
    await page.getByLabel('Confirm password').fill(`${PASSWORD}x`);
    await page.getByText('Passwords do not match').waitFor();
    expect(await submit.isDisabled()).toBe(true);
    await page.getByLabel('Confirm password').fill(PASSWORD);
    await shoot(page, 'set-password-desktop');
    await submit.click();

    await page.waitForURL(SIGNED_IN);
    await shoot(page, 'signed-in-onboarding-desktop');
    const status = await page.evaluate(async () => (await fetch('/auth/status')).json());
    expect(status.user).toMatchObject({ email, role: 'manager', account: { status: 'active', name: 'Nightowls' } });
    expect(unexpected(problems)).toEqual([]);
    await page.close();
  });

  it('shows the already-confirmed view when the mailed link is opened again', async () => {
    const page = await browser.newPage({ viewport: DESKTOP });
    const link = await mail.waitFor(email, /(https?:\/\/\S+\/confirm-email\?token=\S+)/);
    await page.goto(link.replace(/^https?:\/\/[^/]+/, server.url));
    await page.getByRole('heading', { name: 'Already Confirmed' }).waitFor();
    await shoot(page, 'confirm-link-again-desktop');
    await page.goto(url('/confirm-email?success=false&error=The%20link%20has%20expired'));
    await page.getByRole('heading', { name: 'Confirmation Failed' }).waitFor();
    await page.getByText('The link has expired').waitFor();
    await shoot(page, 'confirmation-failed-desktop');
    await page.goto(url(`/confirm-email?success=true&next_step=set_password&email=${encodeURIComponent(email)}`));
    await page.getByRole('heading', { name: 'Email Confirmed!' }).waitFor();
    await page.getByRole('link', { name: 'Set Your Password' }).waitFor();
    await page.close();
  });

  it('logs out, refuses a wrong password, then logs in', async () => {
    const context = await browser.newContext({ viewport: DESKTOP });
    const page = await context.newPage();
    await page.goto(url('/login'));
    await shoot(page, 'login-desktop');
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await page.getByRole('button', { name: 'Log in' }).click();
    await page.waitForURL(SIGNED_IN);

    await page.evaluate(() => fetch('/auth/logout', { method: 'POST', credentials: 'include' }));
    await page.goto(url('/'));
    await page.waitForURL(/\/login$/);

    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password', { exact: true }).fill('wrong-password-1!');
    await page.getByRole('button', { name: 'Log in' }).click();
    await page.getByText('Login failed. Please check your credentials.').waitFor();
    await shoot(page, 'login-failed-desktop');
    await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await page.getByRole('button', { name: 'Log in' }).click();
    await page.waitForURL(SIGNED_IN);
    await context.close();
  });

  it('resets a forgotten password from the mailed link and logs in with the new one', async () => {
    const page = await browser.newPage({ viewport: DESKTOP });
    await page.goto(url('/login'));
    await page.getByLabel('Email').fill(email);
    await shoot(page, 'login-desktop');
    await page.getByRole('link', { name: 'Forgot password?' }).click();
    await page.waitForURL(/\/forgot-password\?email=/);
    expect(await page.getByLabel('Email').inputValue()).toBe(email);
    await shoot(page, 'forgot-password-desktop');
    await page.getByRole('button', { name: 'Send reset link' }).click();
    await page.getByRole('heading', { name: 'Reset Link Sent' }).waitFor();
    await shoot(page, 'reset-link-sent-desktop');

    const link = await mail.waitFor(email, /(https?:\/\/\S+\/reset-password\?\S+)/);
    await page.goto(link.replace(/^https?:\/\/[^/]+/, server.url));
    await page.getByLabel('New password').fill(NEW_PASSWORD);
    await page.getByLabel('Confirm password').fill(NEW_PASSWORD);
    await shoot(page, 'reset-password-desktop');
    await page.getByRole('button', { name: 'Reset password' }).click();
    await page.waitForURL(/\/login\?success=true/);
    await page.getByText('Your password has been reset').waitFor();
    await shoot(page, 'login-after-reset-desktop');

    await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await page.getByRole('button', { name: 'Log in' }).click();
    await page.getByText('Login failed. Please check your credentials.').waitFor();
    await page.getByLabel('Password', { exact: true }).fill(NEW_PASSWORD);
    await page.getByRole('button', { name: 'Log in' }).click();
    await page.waitForURL(SIGNED_IN);
    await page.close();
  });

  it('redirects set and reset without their parameters to /login, and renders every screen on a phone', async () => {
    const page = await browser.newPage({ viewport: PHONE });
    const problems = watchConsole(page);
    await page.goto(url('/set-password'));
    await page.waitForURL(/\/login$/);
    await page.goto(url('/reset-password?email=a%40b.io'));
    await page.waitForURL(/\/login$/);
    for (const [path, name] of [
      ['/login', 'login'],
      ['/signup', 'signup'],
      ['/forgot-password', 'forgot-password'],
      ['/confirm-email', 'confirm-email'],
      [`/set-password?email=${encodeURIComponent(email)}&token=x`, 'set-password'],
    ] as const) {
      await page.goto(url(path));
      await page.getByRole('heading').first().waitFor();
      await shoot(page, `${name}-phone`);
    }
    await page.getByLabel('New password').fill('abc');
    await page.getByText('At least 8 characters').waitFor();
    await page.goto(url('/confirm-email'));
    await page.getByRole('button', { name: 'Resend it' }).click();
    await page.getByText('Please enter your email address first').waitFor();
    await page.getByLabel('Email').fill(email);
    await page.getByRole('button', { name: 'Resend it' }).click();
    await page.getByText('Confirmation email sent! Please check your inbox.').waitFor();
    await shoot(page, 'confirm-email-resent-phone');
    expect(unexpected(problems)).toEqual([]);
    await page.close();
  });
});
