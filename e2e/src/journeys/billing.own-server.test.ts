import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seriousViolations } from '../axe.ts';
import { PHONE, screenshot, watchConsole } from '../browser.ts';
import type { StartedServer } from '../server.ts';
import { type MailCatcher, type OwnServer, startOwnServer } from './own-server.ts';
import { signUp } from './sign-up.ts';

let own: OwnServer;
let browser: Browser;
let server: StartedServer;
let mail: MailCatcher;

const PASSWORD = 'Paying-customer-42!';
const DESKTOP = { width: 1280, height: 800 };

beforeAll(async () => {
  // No STRIPE_SECRET_KEY: the built-in test-mode checkout and portal.
  own = await startOwnServer({ SEED_DEMO: 'false', JOBS: 'false' });
  ({ browser, server, mail } = own);
});
afterAll(() => own?.stop());

const url = (path: string) => `${server.url}${path}`;
/** Console problems other than the expected answers: 401 before sign-in, 402 for the declined test card. */
const unexpected = (problems: string[]) => problems.filter((p) => !/status of (401|402)/.test(p));

async function shoot(page: Page, name: string) {
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.waitForTimeout(200);
  await screenshot(page, 'billing', name);
}

/** A signed-up manager whose wizard ended on the free plan, as the API would have it. */
async function freeAccount(page: Page, email: string) {
  await signUp(page, server.url, mail, email, PASSWORD);
  await page.evaluate(async () => {
    const post = (path: string, body?: unknown) =>
      fetch(path, {
        method: 'POST',
        headers: body === undefined ? {} : { 'Content-Type': 'application/json' },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
    await post('/api/v1/billing/create-checkout-session', { planId: 'free' });
    await post('/api/v1/onboarding/complete');
  });
  await page.goto(url('/'));
  await page.waitForURL((u) => u.pathname === '/');
}

/** d MMM yyyy, as the billing tab writes dates. */
const day = (d: Date) => `${d.getDate()} ${d.toLocaleString('en-GB', { month: 'short' })} ${d.getFullYear()}`;

describe('buying a plan in test mode', () => {
  it('free -> /upgrade -> yearly Scaleup -> local checkout -> billing tab trialing -> portal -> cancel -> canceling', async () => {
    const context = await browser.newContext({ viewport: DESKTOP });
    const page = await context.newPage();
    const problems = watchConsole(page);
    await freeAccount(page, `buyer-${Date.now()}@lanterns.io`);

    // The free plan's polling ring in the header opens the upgrade page at #interval.
    const ring = page.getByRole('link', {
      name: /^Free plan: integration data refreshes every 10 minutes, next in \d+:\d\d/,
    });
    await ring.click();
    await page.waitForURL(/\/upgrade#interval$/);
    await page.getByRole('heading', { name: 'Upgrade Your Plan' }).waitFor();
    await page.getByRole('heading', { name: 'Free Plan Limitation: 10-Minute Update Intervals' }).waitFor();
    await page.getByRole('heading', { name: 'Why Upgrade?' }).waitFor();
    await page.getByRole('heading', { name: 'What happens next?' }).waitFor();
    for (const reason of ['Real-Time Updates', 'Faster Insights', 'Better Collaboration']) {
      await page.getByRole('heading', { name: reason, exact: true }).waitFor();
    }
    // No plan preselected, and no checkout button until a paid plan is chosen.
    for (const name of ['Free', 'Startup', 'Scaleup', 'Business']) {
      expect(await page.getByRole('radio', { name: new RegExp(`^${name}`) }).isChecked()).toBe(false);
    }
    expect(await page.getByRole('button', { name: 'Start 7-Day Trial' }).count()).toBe(0);
    await page.getByRole('radio', { name: /^Free/ }).check({ force: true });
    await page.getByText('The Free plan needs no checkout.', { exact: false }).waitFor();
    expect(await page.getByRole('button', { name: 'Start 7-Day Trial' }).count()).toBe(0);

    // Yearly: the price per month, the amount billed and the saving the catalogue really gives.
    await page.getByRole('radio', { name: /^Yearly/ }).check({ force: true });
    const scaleup = page.locator('label').filter({ has: page.getByRole('radio', { name: /^Scaleup/ }) });
    await scaleup.getByText('$83', { exact: true }).waitFor();
    await scaleup.getByText('Billed annually at $990').waitFor();
    await scaleup.getByText('Save 17%').waitFor();
    await scaleup.getByText('Best Value').waitFor();
    const comparison = page.getByRole('table', { name: 'Plan comparison' });
    await comparison.getByRole('row', { name: /^Data Retention 7 days of history/ }).waitFor();
    await comparison.getByRole('row', { name: /^SSO/ }).getByText('Coming soon').waitFor();
    await page.getByRole('radio', { name: /^Scaleup/ }).check({ force: true });
    await page.getByRole('button', { name: 'Start 7-Day Trial' }).waitFor();
    await shoot(page, 'upgrade-desktop');
    expect(await seriousViolations(page)).toEqual([]);

    await page.getByRole('button', { name: 'Start 7-Day Trial' }).click();
    await page.waitForURL(/\/billing\/checkout\/cs_local_[\w-]+$/);
    await page.getByText('Subscribe to Overlap Scaleup').waitFor();
    await page.getByText('7 days free').waitFor();
    await page.getByText(/^Then \$990 per year, starting /).waitFor();
    await shoot(page, 'checkout-desktop');
    expect(await seriousViolations(page)).toEqual([]);

    // A declined card is refused on the page; the test card pays.
    const card = async (number: string) => {
      await page.getByLabel('Card number').fill(number);
      await page.getByLabel('Expiry').fill('1240');
      await page.getByLabel('CVC').fill('123');
      await page.getByLabel('Name on card').fill('Ada Lovelace');
      await page.getByRole('button', { name: 'Start trial' }).click();
    };
    await card('4000000000000002');
    await page.getByText('Your card was declined.').waitFor();
    await card('4242424242424242');
    await page.waitForURL((u) => u.pathname === '/account' && u.searchParams.get('tab') === 'billing');

    const trialEnd = new Date(Date.now() + 7 * 86_400_000);
    const planCard = page.getByRole('region', { name: 'Plan', exact: true });
    await page.getByText('Current plan').waitFor();
    await planCard.getByText('Scaleup', { exact: true }).waitFor();
    await planCard.getByText('$990 / year').waitFor();
    await planCard.getByText('Trialing', { exact: true }).waitFor();
    await planCard.getByText(`7 days left · ends ${day(trialEnd)}`).waitFor();
    await shoot(page, 'billing-tab-desktop');
    expect(await seriousViolations(page)).toEqual([]);

    // Manage billing opens the portal in a new tab; cancel at the end of the period there.
    const [portal] = await Promise.all([
      context.waitForEvent('page'),
      page.getByRole('button', { name: 'Manage billing' }).click(),
    ]);
    await portal.waitForURL(/\/billing\/portal$/);
    await portal.getByRole('heading', { name: 'Billing portal' }).waitFor();
    await portal.getByText('Scaleup', { exact: true }).first().waitFor();
    await screenshot(portal, 'billing', 'portal-desktop');
    await portal.getByRole('button', { name: 'Cancel plan' }).click();
    await portal.getByRole('alertdialog').getByRole('button', { name: 'Cancel plan' }).click();
    await portal.getByRole('button', { name: 'Resume plan' }).waitFor();
    await portal.close();

    await page.bringToFront();
    await page.reload();
    await planCard.getByText('Canceling', { exact: true }).waitFor();
    await planCard.getByText('Scheduled cancellation').waitFor();
    await planCard.getByText(day(trialEnd)).first().waitFor();
    await shoot(page, 'billing-tab-canceling-desktop');
    expect(unexpected(problems)).toEqual([]);
    await context.close();
  });

  it('shows the upgrade page, the checkout and the billing tab on a phone', async () => {
    const context = await browser.newContext({ viewport: PHONE });
    const page = await context.newPage();
    const problems = watchConsole(page);
    await freeAccount(page, `phone-buyer-${Date.now()}@lanterns.io`);
    await page.goto(url('/upgrade'));
    await page.getByRole('heading', { name: 'Upgrade Your Plan' }).waitFor();
    await page.getByRole('radio', { name: /^Startup/ }).check({ force: true });
    await page.getByRole('button', { name: 'Start 7-Day Trial' }).waitFor();
    await shoot(page, 'upgrade-phone');
    expect(await seriousViolations(page)).toEqual([]);
    await page.getByRole('button', { name: 'Start 7-Day Trial' }).click();
    await page.waitForURL(/\/billing\/checkout\/cs_local_/);
    await page.getByText('Subscribe to Overlap Startup').waitFor();
    await shoot(page, 'checkout-phone');
    await page.getByLabel('Card number').fill('4242424242424242');
    await page.getByLabel('Expiry').fill('1240');
    await page.getByLabel('CVC').fill('123');
    await page.getByLabel('Name on card').fill('Grace Hopper');
    await page.getByRole('button', { name: 'Start trial' }).click();
    await page.waitForURL((u) => u.pathname === '/account');
    await page.getByText('Trialing', { exact: true }).waitFor();
    await shoot(page, 'billing-tab-phone');
    expect(await seriousViolations(page)).toEqual([]);
    expect(unexpected(problems)).toEqual([]);
    await context.close();
  });
});
