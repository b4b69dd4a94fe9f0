import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DESKTOP, PHONE, screenshot, watchConsole } from '../browser.ts';
import { type StartedServer, seededPasswords } from '../server.ts';
import { type MailCatcher, type OwnServer, startOwnServer } from './own-server.ts';

let own: OwnServer;
let browser: Browser;
let server: StartedServer;
let mail: MailCatcher;
let manager: { email: string; password: string };

const invitee = `teammate-${Date.now()}@example.com`;
const second = `second-${Date.now()}@example.com`;
const INVITEE_PASSWORD = 'simple-pass';

beforeAll(async () => {
  own = await startOwnServer({ SEED_DEMO: 'true', JOBS: 'false' });
  ({ browser, server, mail } = own);
  const seeded = seededPasswords(server.output());
  if (!seeded.demo) throw new Error(`demo manager not printed:\n${server.output()}`);
  manager = seeded.demo;
});
afterAll(() => own?.stop());

const url = (path: string) => `${server.url}${path}`;
const unexpected = (problems: string[]) => problems.filter((p) => !/status of (401|409|429)/.test(p));

async function logIn(page: Page, email: string, password: string) {
  await page.goto(url('/login'));
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Log in' }).click();
  await page.waitForURL((u) => !u.pathname.startsWith('/login'));
}

async function invite(page: Page, email: string, role: 'User' | 'Manager') {
  await page.getByRole('button', { name: 'Invite user' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Email').fill(email);
  if (role === 'Manager') {
    await dialog.getByRole('combobox', { name: 'Role' }).click();
    await page.getByRole('option', { name: /^Manager/ }).click();
  }
  await dialog.getByRole('button', { name: 'Send invitation' }).click();
  await dialog.getByText(`Invitation sent to ${email}.`).waitFor();
}

describe('inviting a user', () => {
  it('a manager invites a user, who accepts, lands on /account signed in as a user and sees no manager actions', async () => {
    const context = await browser.newContext({ viewport: DESKTOP });
    const page = await context.newPage();
    const problems = watchConsole(page);
    await logIn(page, manager.email, manager.password);
    await page.goto(url('/account?tab=users'));
    await page.getByRole('heading', { name: 'Users' }).waitFor();
    await screenshot(page, 'users', 'users-tab-manager-desktop');

    await page.getByRole('button', { name: 'Invite user' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('Email').fill('not-an-email');
    await dialog.getByLabel('Email').blur();
    await dialog.getByText('Invalid email address').waitFor();
    await screenshot(page, 'users', 'invite-dialog-invalid-desktop');
    await dialog.getByLabel('Email').fill(manager.email);
    await dialog.getByRole('button', { name: 'Send invitation' }).click();
    await dialog.getByText('A user with this email address is already in your team.').waitFor();
    await screenshot(page, 'users', 'invite-dialog-error-desktop');
    await dialog.getByLabel('Email').fill(`  ${invitee}  `);
    await dialog.getByRole('button', { name: 'Send invitation' }).click();
    await dialog.getByText(`Invitation sent to ${invitee}.`).waitFor();
    await screenshot(page, 'users', 'invite-dialog-success-desktop');
    await dialog.waitFor({ state: 'detached', timeout: 5000 });

    const row = page.getByRole('row').filter({ hasText: invitee });
    await row.getByText('Pending').waitFor();
    await row.getByText('Resend').hover({ force: true });
    await page
      .getByRole('tooltip')
      .getByText(/Please wait \d+ seconds before resending\./)
      .waitFor();
    await screenshot(page, 'users', 'users-tab-pending-desktop');
    expect(unexpected(problems)).toEqual([]);
    await context.close();

    const token = await mail.waitFor(invitee, /\/invitations\/([A-Za-z0-9_-]+)\/accept/);
    const guest = await browser.newContext({ viewport: DESKTOP });
    const invitePage = await guest.newPage();
    await invitePage.goto(url(`/invitations/${token}/accept`));
    await invitePage.getByText(invitee).waitFor();
    await invitePage.getByText('Demo Team').first().waitFor();
    await invitePage.getByText('This invitation is valid for 7 days.').waitFor();
    expect(
      await invitePage
        .getByRole('definition')
        .filter({ hasText: /^User$/ })
        .count(),
    ).toBe(1);
    await invitePage.getByLabel('Choose a password').fill('short');
    await invitePage.getByText('Password must be at least 8 characters long').waitFor();
    await invitePage.getByLabel('Choose a password').fill(INVITEE_PASSWORD);
    await invitePage.getByLabel('Confirm password').fill('different');
    await invitePage.getByText('Passwords do not match').waitFor();
    await screenshot(invitePage, 'users', 'accept-invitation-desktop');
    await invitePage.getByLabel('Confirm password').fill(INVITEE_PASSWORD);
    await invitePage.getByRole('button', { name: 'Accept invitation' }).click();
    await invitePage.getByRole('heading', { name: 'Welcome to Demo Team!' }).waitFor();
    await screenshot(invitePage, 'users', 'invitation-accepted-desktop');
    // The welcome stays in view until the app moves on to the account page by itself.
    await invitePage.waitForURL(/\/account$/);

    const status = await invitePage.evaluate(async () => (await fetch('/auth/status')).json());
    expect(status.user).toMatchObject({ email: invitee, role: 'user' });
    await invitePage.goto(url('/account?tab=users'));
    await invitePage.getByRole('row').filter({ hasText: invitee }).waitFor();
    expect(await invitePage.getByRole('button', { name: 'Invite user' }).count()).toBe(0);
    for (const name of ['Promote', 'Demote', 'Disable', 'Enable', 'Resend', 'Delete']) {
      expect(await invitePage.getByRole('button', { name }).count(), name).toBe(0);
    }
    await screenshot(invitePage, 'users', 'users-tab-user-desktop');
    await guest.close();
  });

  it('accepts at /accept-invitation/:token too, and shows the invalid view for a used token', async () => {
    const context = await browser.newContext({ viewport: PHONE });
    const page = await context.newPage();
    await logIn(page, manager.email, manager.password);
    await page.goto(url('/account?tab=users'));
    await invite(page, second, 'Manager');
    await page.getByRole('dialog').waitFor({ state: 'detached', timeout: 5000 });
    await screenshot(page, 'users', 'users-tab-manager-phone');
    await context.close();

    const token = await mail.waitFor(second, /\/invitations\/([A-Za-z0-9_-]+)\/accept/);
    const guest = await browser.newContext({ viewport: PHONE });
    const invitePage = await guest.newPage();
    await invitePage.goto(url(`/accept-invitation/${token}`));
    await invitePage
      .getByRole('definition')
      .filter({ hasText: /^Manager$/ })
      .waitFor();
    await screenshot(invitePage, 'users', 'accept-invitation-phone');
    await invitePage.getByLabel('Choose a password').fill(INVITEE_PASSWORD);
    await invitePage.getByLabel('Confirm password').fill(INVITEE_PASSWORD);
    await invitePage.getByRole('button', { name: 'Accept invitation' }).click();
    await invitePage.waitForURL(/\/account$/);
    await invitePage.goto(url(`/invitations/${token}/accept`));
    await invitePage.getByRole('heading', { name: 'Invalid invitation' }).waitFor();
    await screenshot(invitePage, 'users', 'invalid-invitation-phone');
    await guest.close();
  });

  it('a manager promotes and disables behind confirmations', async () => {
    const context = await browser.newContext({ viewport: DESKTOP });
    const page = await context.newPage();
    await logIn(page, manager.email, manager.password);
    await page.goto(url('/account?tab=users'));
    const row = page.getByRole('row').filter({ hasText: invitee });
    await row.getByRole('button', { name: 'Promote' }).click();
    await page.getByRole('alertdialog').getByText('Promote to manager?').waitFor();
    await screenshot(page, 'users', 'confirm-promote-desktop');
    await page.getByRole('alertdialog').getByRole('button', { name: 'Promote' }).click();
    await row.getByRole('button', { name: 'Demote' }).waitFor();
    await row.getByRole('button', { name: 'Disable' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Disable' }).click();
    await row.getByText('Disabled').waitFor();
    await row.getByRole('button', { name: 'Enable' }).waitFor();
    await screenshot(page, 'users', 'users-tab-after-actions-desktop');

    await page.getByRole('tab', { name: 'Billing' }).click();
    await page.getByText('Current plan').waitFor();
    await screenshot(page, 'users', 'billing-tab-desktop');
    await page.getByRole('link', { name: 'Profile' }).first().click();
    await page.waitForURL(/\/profile$/);
    await page.getByText(manager.email).first().waitFor();
    await page.getByRole('button', { name: 'Reset password' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Send reset link' }).click();
    await page.getByText('Password reset link sent! Please check your email.').waitFor();
    await screenshot(page, 'users', 'profile-desktop');
    await page
      .getByText('Password reset link sent! Please check your email.')
      .waitFor({ state: 'detached', timeout: 7000 });
    await context.close();
  });
});
