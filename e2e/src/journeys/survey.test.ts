import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { seriousViolations } from '../axe.ts';
import { DESKTOP, launchBrowser, PHONE, screenshot, watchConsole } from '../browser.ts';
import { apiCall, signInDemoManager } from './team-setup.ts';

interface Survey {
  teamName?: string;
  companySize?: string;
  tools?: string[];
  otherTools?: string[];
  problemStatement?: string;
  completedAt?: string | null;
}
interface Account {
  name: string;
  signupData: { survey?: Survey } | null;
}

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

const stepLabel = (page: Page, n: number) => page.getByText(`Step ${n} of 4`, { exact: true });
const next = (page: Page) => page.getByRole('button', { name: 'Next' });
const sizeCard = (page: Page, size: string) => page.locator('label', { hasText: size });
const survey = async (page: Page) => (await apiCall<Account>(page, 'GET', '/api/v1/account')).signupData?.survey;
const PROBLEM = 'We never know when teammates in other time zones are around.';

describe('survey', () => {
  it('walks the four steps, saves every change, completes and prefills on return', async () => {
    const { context, page } = await signInDemoManager(browser, DESKTOP);
    const problems = watchConsole(page);
    const before = await apiCall<Account>(page, 'GET', '/api/v1/account');
    const prefill = before.signupData?.survey?.teamName || before.name;

    await page.goto(`${inject('baseUrl')}/survey`);
    await stepLabel(page, 1).waitFor();
    const teamName = page.getByLabel('Team name');
    expect(await teamName.inputValue()).toBe(prefill);
    await expect(teamName.evaluate((el) => el === document.activeElement)).resolves.toBe(true);
    await screenshot(page, 'survey', 'step1-desktop');

    // Step 1: one character blocks Next (and Enter); a valid name advances on Enter.
    await teamName.fill('R');
    expect(await next(page).isDisabled()).toBe(true);
    await page.getByText('Team name must be at least 2 characters.').waitFor();
    await teamName.press('Enter');
    expect(await stepLabel(page, 1).isVisible()).toBe(true);
    await teamName.fill('  Rocket Crew ');
    await teamName.press('Enter');
    await stepLabel(page, 2).waitFor();
    // The name was saved by the pause after typing, trimmed by the server.
    await expect.poll(async () => (await survey(page))?.teamName, { timeout: 5_000 }).toBe('Rocket Crew');

    // Step 2: picking a size moves on by itself.
    expect(await next(page).isDisabled()).toBe(!before.signupData?.survey?.companySize);
    await screenshot(page, 'survey', 'step2-desktop');
    await sizeCard(page, '11-20 people').click();
    await stepLabel(page, 3).waitFor({ timeout: 3_000 });
    expect((await survey(page))?.companySize).toBe('11-20 people');

    // Step 3: listed tools toggle; other tools are trimmed, unique, added on Enter and removable.
    await page.getByRole('button', { name: 'Slack' }).click();
    await page.getByRole('button', { name: 'GitHub' }).click();
    await page.getByRole('button', { name: 'Zoom' }).click();
    await page.getByRole('button', { name: 'Zoom' }).click();
    expect(await page.getByRole('button', { name: 'Slack' }).getAttribute('aria-pressed')).toBe('true');
    expect(await page.getByRole('button', { name: 'Zoom' }).getAttribute('aria-pressed')).toBe('false');
    const other = page.getByLabel('Other tools', { exact: true });
    await other.fill('  Linear ');
    await other.press('Enter');
    await page.getByRole('button', { name: 'Remove Linear' }).waitFor();
    expect(await other.inputValue()).toBe('');
    await other.fill('linear');
    await other.press('Enter');
    await page.getByText('linear is already added.').waitFor();
    await other.fill('Figma');
    await other.press('Enter');
    await page.getByRole('button', { name: 'Remove Figma' }).click();
    await page.getByRole('button', { name: 'Remove Figma' }).waitFor({ state: 'detached' });
    await expect
      .poll(async () => {
        const saved = await survey(page);
        return { tools: saved?.tools, otherTools: saved?.otherTools };
      })
      .toEqual({ tools: ['Slack', 'GitHub'], otherTools: ['Linear'] });
    await screenshot(page, 'survey', 'step3-desktop');
    expect(await seriousViolations(page)).toEqual([]);

    // Back keeps the answers; Next goes on again.
    await page.getByRole('button', { name: 'Back' }).click();
    await stepLabel(page, 2).waitFor();
    expect(await page.getByRole('radio', { name: '11-20 people' }).isChecked()).toBe(true);
    await next(page).click();
    await stepLabel(page, 3).waitFor();
    await next(page).click();

    // Step 4: optional text, then Complete Survey opens /account.
    await stepLabel(page, 4).waitFor();
    await page.getByLabel('Problem statement').fill(PROBLEM);
    await expect.poll(async () => (await survey(page))?.problemStatement, { timeout: 5_000 }).toBe(PROBLEM);
    await screenshot(page, 'survey', 'step4-desktop');
    expect(await seriousViolations(page)).toEqual([]);
    await page.getByRole('button', { name: 'Complete Survey' }).click();
    await page.waitForURL((url) => url.pathname === '/account');

    const saved = await survey(page);
    expect(saved).toMatchObject({
      teamName: 'Rocket Crew',
      companySize: '11-20 people',
      tools: ['Slack', 'GitHub'],
      otherTools: ['Linear'],
      problemStatement: PROBLEM,
    });
    expect(Date.now() - Date.parse(saved?.completedAt ?? '')).toBeLessThan(5 * 60_000);

    // Reopened, the survey shows the saved answers.
    await page.goto(`${inject('baseUrl')}/survey`);
    await stepLabel(page, 1).waitFor();
    expect(await page.getByLabel('Team name').inputValue()).toBe('Rocket Crew');
    await next(page).click();
    await stepLabel(page, 2).waitFor();
    expect(await page.getByRole('radio', { name: '11-20 people' }).isChecked()).toBe(true);
    await next(page).click();
    await stepLabel(page, 3).waitFor();
    expect(await page.getByRole('button', { name: 'GitHub' }).getAttribute('aria-pressed')).toBe('true');
    await page.getByRole('button', { name: 'Remove Linear' }).waitFor();
    await next(page).click();
    await stepLabel(page, 4).waitFor();
    expect(await page.getByLabel('Problem statement').inputValue()).toBe(PROBLEM);
    expect(await page.getByRole('button', { name: 'Complete Survey' }).isEnabled()).toBe(true);

    // The top-left arrow leads back to the account.
    await page.getByRole('link', { name: 'Back to account' }).click();
    await page.waitForURL((url) => url.pathname === '/account');
    expect(problems).toEqual([]);
    await context.close();
  });

  it('is usable on a phone', async () => {
    const { context, page } = await signInDemoManager(browser, PHONE);
    await page.goto(`${inject('baseUrl')}/survey`);
    await stepLabel(page, 1).waitFor();
    await screenshot(page, 'survey', 'step1-phone');
    await next(page).click();
    await stepLabel(page, 2).waitFor();
    await screenshot(page, 'survey', 'step2-phone');
    expect(await seriousViolations(page)).toEqual([]);
    await next(page).click();
    await stepLabel(page, 3).waitFor();
    await screenshot(page, 'survey', 'step3-phone');
    await page.emulateMedia({ colorScheme: 'dark' });
    await page.waitForTimeout(400); // colour transitions
    await screenshot(page, 'survey', 'step3-phone-dark');
    expect(await seriousViolations(page)).toEqual([]);
    await page.emulateMedia({ colorScheme: 'light' });
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth);
    expect(overflow).toBe(false);
    await next(page).click();
    await stepLabel(page, 4).waitFor();
    await page.waitForTimeout(350); // the progress bar's width transition
    await screenshot(page, 'survey', 'step4-phone');
    await context.close();
  });
});
