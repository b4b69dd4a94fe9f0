import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seriousViolations } from '../axe.ts';
import { PHONE, screenshot, watchConsole } from '../browser.ts';
import { type StartedServer, seededPasswords } from '../server.ts';
import { type OwnServer, startOwnServer } from './own-server.ts';

/** The brief's desktop width for the console. */
const DESKTOP = { width: 1280, height: 900 };

let own: OwnServer;
let browser: Browser;
let server: StartedServer;
let admin: { email: string; password: string };
let demo: { email: string; password: string };

beforeAll(async () => {
  own = await startOwnServer({ SEED_DEMO: 'true', JOBS: 'false' });
  ({ browser, server } = own);
  const seeded = seededPasswords(server.output());
  if (!seeded.admin || !seeded.demo) throw new Error(`seed credentials not printed:\n${server.output()}`);
  admin = seeded.admin;
  demo = seeded.demo;
});
afterAll(() => own?.stop());

const url = (path: string) => `${server.url}${path}`;
const unexpected = (problems: string[]) => problems.filter((p) => !/status of (401|403)/.test(p));

async function logIn(page: Page, email: string, password: string) {
  await page.goto(url('/login'));
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Log in' }).click();
  await page.waitForURL((u) => u.pathname === '/');
}

async function operatorView(page: Page, id: string) {
  const res = await page.request.get(url(`/api/v1/superadmin/accounts/${id}`));
  expect(res.status()).toBe(200);
  return (await res.json()) as { trialEndsAt: string | null; maxPeople: number | null };
}

/** The local calendar day 30 days from now, as the '+30 days' shortcut computes it. */
function inThirtyDays(): Date {
  const d = new Date();
  d.setDate(d.getDate() + 30);
  return new Date(d.getFullYear(), d.getMonth(), d.getDate(), 23, 59, 59);
}

describe('operator console', () => {
  it('finds an account by admin e-mail, extends its trial, sets a limit, impersonates and exits', async () => {
    const context = await browser.newContext({ viewport: DESKTOP, locale: 'en-US' });
    const page = await context.newPage();
    const problems = watchConsole(page);
    await logIn(page, admin.email, admin.password);

    await page.getByRole('link', { name: 'Super Admin Panel' }).first().click();
    await page.waitForURL((u) => u.pathname === '/superadmin');
    await page.getByRole('heading', { name: 'Super Admin' }).waitFor();
    await page.getByPlaceholder('Search accounts or admin emails...').fill(demo.email);
    const rows = page.getByRole('list', { name: 'Accounts' }).getByRole('listitem');
    await expect.poll(() => rows.count()).toBe(1);
    await expect.poll(() => rows.first().getByRole('link').textContent()).toBe('Demo Team');
    expect(await seriousViolations(page)).toEqual([]);
    await screenshot(page, 'operator-console', 'accounts-desktop');

    await rows.first().getByRole('link', { name: 'Demo Team' }).click();
    await page.waitForURL((u) => u.pathname.startsWith('/superadmin/accounts/'));
    const accountId = page.url().split('/').pop() as string;
    await page.getByRole('heading', { name: 'Billing information' }).waitFor();

    // Extend the trial by the '+30 days' shortcut, after confirming.
    await page.getByRole('button', { name: '+30 days' }).click();
    await page.getByRole('button', { name: 'Extend trial' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Extend trial' }).click();
    await page.getByText(/^Trial extended to /).waitFor();
    expect((await operatorView(page, accountId)).trialEndsAt).toBe(inThirtyDays().toISOString());
    await page.getByText('(30 days left)', { exact: false }).waitFor();

    // Set Max People with the inline editor.
    await page.getByRole('button', { name: 'Edit Max People' }).click();
    await page.getByRole('textbox', { name: 'Max People' }).fill('150');
    await page.getByRole('textbox', { name: 'Max People' }).press('Enter');
    await page.getByRole('button', { name: 'Edit Max People' }).waitFor();
    expect((await operatorView(page, accountId)).maxPeople).toBe(150);
    expect(await seriousViolations(page)).toEqual([]);
    await screenshot(page, 'operator-console', 'account-desktop');

    // Impersonate the admin user: the customer's dashboard with the bar.
    await page.getByRole('button', { name: 'Impersonate', exact: true }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Impersonate' }).click();
    await page.waitForURL((u) => u.pathname === '/', { timeout: 15_000 });
    await page.getByText(/Impersonating\s+demo@overlap\.local\s+in\s+Demo Team/).waitFor();
    await expect.poll(() => page.getByRole('link', { name: 'Super Admin Panel' }).count()).toBe(0);
    await screenshot(page, 'operator-console', 'impersonating-dashboard-desktop');

    // The account's managers see what the operator did, in the Audit section.
    await page.goto(url('/account?tab=audit'));
    const audit = page.getByRole('list', { name: 'Audit entries' });
    await audit.getByText('Started impersonating').waitFor();
    await expect.poll(() => audit.getByText(admin.email).count()).toBe(3);
    await audit.getByText('Extended the trial').waitFor();
    await audit.getByText('Changed the account limits').waitFor();

    // Operator routes are closed while impersonating.
    expect((await page.request.get(url('/api/v1/superadmin/accounts'))).status()).toBe(403);

    await page.getByRole('button', { name: 'Exit' }).click();
    await page.waitForURL((u) => u.pathname === '/superadmin');
    await page.getByRole('heading', { name: 'Super Admin' }).waitFor();
    await expect.poll(() => page.getByText(/Impersonating/).count()).toBe(0);
    expect((await page.request.get(url('/api/v1/superadmin/accounts'))).status()).toBe(200);
    expect(unexpected(problems)).toEqual([]);
    await context.close();
  });

  it('reads on a phone: tiles, search and account cards', async () => {
    const context = await browser.newContext({ viewport: PHONE, locale: 'en-US' });
    const page = await context.newPage();
    const problems = watchConsole(page);
    // Without SENTRY_DSN the browser never loads the Sentry SDK.
    const scripts: Promise<string>[] = [];
    page.on('response', (res) => {
      if (res.url().endsWith('.js')) scripts.push(res.text().catch(() => ''));
    });
    await logIn(page, admin.email, admin.password);
    await page.goto(url('/superadmin'));
    await page.getByRole('link', { name: 'Demo Team' }).waitFor();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBe(0);
    await screenshot(page, 'operator-console', 'accounts-phone');
    await page.getByRole('link', { name: 'Demo Team' }).click();
    await page.getByRole('heading', { name: 'Account limits' }).waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBe(0);
    await screenshot(page, 'operator-console', 'account-phone');
    expect(unexpected(problems)).toEqual([]);
    const loaded = await Promise.all(scripts);
    expect(loaded.length).toBeGreaterThan(3);
    expect(loaded.filter((body) => body.includes('__SENTRY__'))).toEqual([]);
    await context.close();
  });
});
