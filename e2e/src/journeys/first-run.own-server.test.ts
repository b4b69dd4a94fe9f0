import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seriousViolations } from '../axe.ts';
import { DESKTOP, screenshot, watchConsole } from '../browser.ts';
import type { StartedServer } from '../server.ts';
import { type MailCatcher, type OwnServer, startOwnServer } from './own-server.ts';
import { signUp } from './sign-up.ts';

const NARROW = { width: 360, height: 780 };

let own: OwnServer;
let browser: Browser;
let server: StartedServer;
let mail: MailCatcher;

beforeAll(async () => {
  own = await startOwnServer({ SEED_DEMO: 'false', JOBS: 'false' });
  ({ browser, server, mail } = own);
});
afterAll(() => own?.stop());

const shoot = async (page: Page, name: string) => {
  await page.evaluate(() => window.scrollTo(0, 0));
  await screenshot(page, 'first-run', name);
};

describe('first run with demo data', () => {
  it('gives a new free account its whole demo team at once, without the over-limit banner, and removes it in one step', async () => {
    const context = await browser.newContext({ viewport: DESKTOP });
    const page = await context.newPage();
    const problems = watchConsole(page);
    await signUp(page, server.url, mail, `first-${Date.now()}@lanterns.io`);

    const cards = page.getByRole('list', { name: 'Chat apps' }).getByRole('button');
    await cards.first().waitFor();
    expect(await cards.first().innerText()).toMatch(/^Demo Data/);
    await cards.first().click();
    await page.getByPlaceholder('e.g. Mattermost, Discord, Custom').fill('Zulip');
    await page.getByRole('button', { name: 'Start with Demo Data' }).click();
    await page.getByText('Receiving demo data... What app are you using for team chat?').waitFor();
    await page.getByRole('link', { name: "Done, let's go to step 2" }).click();
    await page.getByRole('button', { name: 'Start with Free' }).click();
    await page.getByText('Your Free plan is active').waitFor();
    await page.getByText('Up to 5 people, updated every 10 minutes. Demo data does not count towards it.').waitFor();
    await page.getByRole('button', { name: 'Go to Dashboard Now' }).click();
    await page.waitForURL((u) => u.pathname === '/');

    // The whole demo team, active at once: eight columns, the overlap strip, no over-limit banner.
    await page.getByTestId('overlap-strip').waitFor({ timeout: 20_000 });
    await page.getByText(/· 8 people/).waitFor();
    await page.getByText('You are looking at demo data (8 demo people)').waitFor();
    expect(await page.getByText(/over your limit/).count()).toBe(0);
    expect(await page.getByText(/unassigned/).count()).toBe(0);
    await shoot(page, 'dashboard-desktop');
    expect(await seriousViolations(page)).toEqual([]);

    await page.setViewportSize(NARROW);
    await page.getByTestId('overlap-strip').waitFor();
    await shoot(page, 'dashboard-360');
    expect(await seriousViolations(page)).toEqual([]);

    // The people page counts nobody against the plan.
    await page.goto(`${server.url}/people`);
    await page.getByText('0 / 5').or(page.getByText('0/5')).first().waitFor();
    await page.setViewportSize(DESKTOP);

    await page.goto(`${server.url}/account`);
    await page.getByRole('heading', { name: 'Demo data' }).waitFor();
    await shoot(page, 'account-demo-desktop');
    expect(await seriousViolations(page)).toEqual([]);
    await page.getByRole('button', { name: 'Remove demo data' }).click();
    const dialog = page.getByRole('alertdialog');
    await dialog.getByText(/8 demo people with all their activity/).waitFor();
    await dialog.getByRole('button', { name: 'Remove demo data' }).click();
    await page.getByText('Removed 8 demo people and their activity').waitFor();
    await page.getByRole('heading', { name: 'Demo data' }).waitFor({ state: 'detached' });

    const people = await page.evaluate(async () => (await fetch('/api/v1/people?page=1&limit=100')).json());
    expect(people.pagination.totalCount).toBe(0);
    await page.goto(`${server.url}/`);
    await page.getByRole('heading', { name: 'Welcome to your team activity dashboard' }).waitFor();
    await page.getByRole('list', { name: 'Next steps' }).getByRole('link', { name: 'Connect your chat app' }).waitFor();
    await shoot(page, 'welcome-desktop');
    expect(await seriousViolations(page)).toEqual([]);
    // A 401 before signing in is expected.
    expect(problems.filter((p) => !/status of 401/.test(p))).toEqual([]);
    await context.close();
  });
});
