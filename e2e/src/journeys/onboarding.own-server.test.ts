import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seriousViolations } from '../axe.ts';
import { DESKTOP, PHONE, screenshot, watchConsole } from '../browser.ts';
import type { StartedServer } from '../server.ts';
import { type MailCatcher, type OwnServer, startOwnServer } from './own-server.ts';
import { signUp as signUpAs } from './sign-up.ts';

let own: OwnServer;
let browser: Browser;
let server: StartedServer;
let mail: MailCatcher;

beforeAll(async () => {
  own = await startOwnServer({ SEED_DEMO: 'false', JOBS: 'false' });
  ({ browser, server, mail } = own);
});
afterAll(() => own?.stop());

const url = (path: string) => `${server.url}${path}`;
/** Console problems other than the answer the wizard expects: a 401 before sign-in. */
const unexpected = (problems: string[]) => problems.filter((p) => !/status of 401/.test(p));

/** Signs a new account up; the gate then lands it in the wizard. */
const signUp = (page: Page, email: string) => signUpAs(page, server.url, mail, email);

/** Pushes one presence sample with a key, as the owner's bridge (or the shown curl command) would. */
async function pushPresence(apiKey: string) {
  const res = await fetch(url('/api/v1/presence'), {
    method: 'POST',
    headers: { Authorization: `Bearer ${apiKey}`, 'Content-Type': 'application/json' },
    body: JSON.stringify({
      timestamp: new Date().toISOString(),
      source: 'e2e',
      users: [{ personIdentifier: 'ada', status: 'online', name: 'Ada Lovelace' }],
    }),
  });
  expect(res.status, await res.text()).toBeLessThan(300);
}

/** A full-page screenshot from the top, so sticky bars sit where a visitor sees them. */
async function shoot(page: Page, name: string) {
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.waitForTimeout(150);
  await screenshot(page, 'onboarding', name);
}

const card = (page: Page, name: string | RegExp) =>
  page.getByRole('list', { name: 'Chat apps' }).getByRole('button', { name });

describe('onboarding wizard', () => {
  it('connects Mattermost with the shown key, starts Free and lands on the dashboard', async () => {
    const context = await browser.newContext({ viewport: DESKTOP });
    const page = await context.newPage();
    const problems = watchConsole(page);
    await signUp(page, `owner-${Date.now()}@lanterns.io`);

    await page.getByRole('heading', { name: 'Choose Your Integration App' }).waitFor();
    const slack = card(page, /^Slack/);
    await slack.waitFor();
    expect(await slack.isDisabled()).toBe(true);
    await page.getByText('Slack sign-in is not configured on this server.').waitFor();
    await page.locator('aside').getByText('Complete step 1 to unlock').waitFor();
    await shoot(page, 'step1-desktop');
    expect(await seriousViolations(page)).toEqual([]);

    await card(page, /^Mattermost/).click();
    await page.getByText('Waiting for data...').waitFor();
    expect(await card(page, /^Demo Data/).isDisabled()).toBe(true);
    await page.getByText('You can setup Mattermost later from the settings').waitFor();
    const key = (await page.locator('pre').first().textContent())?.trim() ?? '';
    expect(key.length).toBeGreaterThan(16);
    expect(await page.locator('pre').nth(1).textContent()).toContain(key);
    await page.getByRole('button', { name: 'Copy API key' }).waitFor();
    await page.getByRole('button', { name: 'Copy test command' }).waitFor();
    await shoot(page, 'step1-waiting-desktop');
    expect(await seriousViolations(page)).toEqual([]);

    await pushPresence(key);
    await page.getByText('✓ Data received! Integration is working').waitFor({ timeout: 15_000 });
    await page
      .locator('aside')
      .getByRole('link', { name: /Choose Your Plan/ })
      .waitFor();
    await shoot(page, 'step1-connected-desktop');
    await page.getByRole('link', { name: "Done, let's go to step 2" }).click();

    await page.waitForURL(/\/onboarding\/step2$/);
    await page.getByRole('heading', { name: 'Choose Your Plan' }).waitFor();
    const free = page.getByRole('radio', { name: /^Free/ });
    await free.waitFor();
    expect(await free.isChecked()).toBe(true);
    await page.getByRole('radio', { name: /^Startup/ }).check({ force: true });
    await page.getByRole('button', { name: 'Start 7-Day Trial' }).waitFor();
    await free.check({ force: true });
    await shoot(page, 'step2-desktop');
    expect(await seriousViolations(page)).toEqual([]);

    // Step 1 from the sidebar stays on step 1 (force), with the connected integration restored.
    await page
      .locator('aside')
      .getByRole('link', { name: /Select Team Chat/ })
      .click();
    await page.waitForURL(/\/onboarding\/step1\?force=true$/);
    await page.getByText('✓ Data received! Integration is working').waitFor();
    await page
      .locator('aside')
      .getByRole('link', { name: /Choose Your Plan/ })
      .click();
    await page.waitForURL(/\/onboarding\/step2$/);

    await page.getByRole('button', { name: 'Start with Free' }).click();
    await page.waitForURL(/\/onboarding\/success\?session_id=/);
    await page.getByRole('heading', { name: 'Welcome' }).waitFor();
    await page.getByText('Your Free plan is active').waitFor();
    await page.getByRole('button', { name: 'Go to Dashboard Now' }).waitFor();
    // 'Redirecting...' shows for a moment before the redirect (a full page load); the axe check below
    // may outlast it on a busy machine, so the page records in its session storage that it appeared.
    await page.evaluate(() => {
      const look = () => {
        if (document.body.textContent?.includes('Redirecting...')) sessionStorage.setItem('sawRedirecting', 'yes');
      };
      look();
      new MutationObserver(look).observe(document.body, { childList: true, subtree: true, characterData: true });
    });
    await shoot(page, 'success-desktop');
    expect(await seriousViolations(page)).toEqual([]);
    await page.waitForURL((u) => u.pathname === '/', { timeout: 15_000 });
    expect(await page.evaluate(() => sessionStorage.getItem('sawRedirecting'))).toBe('yes');
    await page.waitForTimeout(1000);
    expect(new URL(page.url()).pathname).toBe('/');

    const state = await page.evaluate(async () => (await fetch('/api/v1/onboarding/state')).json());
    expect(state.onboarding).toMatchObject({ completed: true, nextAction: 'none' });
    expect(unexpected(problems)).toEqual([]);
    await context.close();
  });

  it('starts with demo data on a phone, saying which chat app the team uses', async () => {
    const context = await browser.newContext({ viewport: PHONE });
    const page = await context.newPage();
    const problems = watchConsole(page);
    await signUp(page, `phone-${Date.now()}@lanterns.io`);

    await card(page, /^Demo Data/).waitFor();
    await shoot(page, 'step1-phone');
    await page.getByRole('button', { name: 'Step 1 of 2' }).click();
    await page.locator('#onboarding-menu').getByText('Complete step 1 to unlock').waitFor();
    await shoot(page, 'menu-phone');
    expect(await seriousViolations(page)).toEqual([]);
    await page.keyboard.press('Escape');
    await page.locator('#onboarding-menu').waitFor({ state: 'detached' });

    // Mattermost first, then 'Use Demo Instead' deletes it and opens the demo form.
    await card(page, /^Mattermost/).click();
    await page.getByText('Waiting for data...').waitFor();
    await page.getByRole('button', { name: 'Use Demo Instead' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Use Demo Instead' }).click();
    const chatApp = page.getByPlaceholder('e.g. Mattermost, Discord, Custom');
    await chatApp.waitFor();
    await chatApp.fill('  Rocket.Chat  ');
    await shoot(page, 'step1-demo-form-phone');
    await page.getByRole('button', { name: 'Start with Demo Data' }).click();
    await page.getByText('Receiving demo data... What app are you using for team chat?').waitFor();
    await shoot(page, 'step1-demo-connected-phone');

    const state = await page.evaluate(async () => (await fetch('/api/v1/onboarding/state')).json());
    const providers = state.account.integrations.map((i: { provider: string }) => i.provider);
    expect(providers).toEqual(['demo']);

    await page.getByRole('link', { name: "Done, let's go to step 2" }).click();
    await page.waitForURL(/\/onboarding\/step2$/);
    await page.getByRole('radio', { name: /^Free/ }).waitFor();
    await shoot(page, 'step2-phone');
    expect(await seriousViolations(page)).toEqual([]);
    await page.getByRole('radio', { name: /^Startup/ }).check({ force: true });
    await page.getByRole('button', { name: 'Start 7-Day Trial' }).click();
    // The built-in test-mode checkout (no Stripe key on this server) takes a test card.
    await page.waitForURL(/\/billing\/checkout\/cs_local_/);
    await page.getByText('Subscribe to Overlap Startup').waitFor();
    await page.getByLabel('Card number').fill('4242424242424242');
    await page.getByLabel('Expiry').fill('1240');
    await page.getByLabel('CVC').fill('123');
    await page.getByLabel('Name on card').fill('Phone Owner');
    await page.getByRole('button', { name: 'Start trial' }).click();
    await page.waitForURL(/\/onboarding\/success\?session_id=cs_local_/);
    await page.getByText('Your subscription has been successfully activated').waitFor();
    await page.getByText(/^Startup plan, free trial until /).waitFor();
    await page.getByRole('button', { name: 'Go to Dashboard Now' }).waitFor();
    await shoot(page, 'success-phone');
    await page.getByRole('button', { name: 'Go to Dashboard Now' }).click();
    await page.waitForURL((u) => u.pathname === '/', { timeout: 10_000 });
    expect(unexpected(problems)).toEqual([]);
    await context.close();
  });
});
