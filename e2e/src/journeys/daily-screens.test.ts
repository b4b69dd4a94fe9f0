import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { seriousViolations } from '../axe.ts';
import { DESKTOP, launchBrowser, screenshot } from '../browser.ts';
import { signInDemoManager } from './team-setup.ts';

const NARROW = { width: 360, height: 780 };

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

const pageWidth = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth);
const dayKey = (page: Page) => page.evaluate(() => window.location.hash.slice(1));

describe('daily screens', () => {
  it('moves between days with the keyboard and lists the shortcuts', async () => {
    const { context, page } = await signInDemoManager(browser, DESKTOP);
    await page.getByTestId('timeline').waitFor();
    await page.getByRole('list', { name: 'Legend' }).getByText('Predicted').waitFor();
    await page.locator('body').click({ position: { x: 5, y: 300 } });

    await page.keyboard.press('ArrowLeft');
    const yesterday = await dayKey(page);
    expect(yesterday).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    await page.keyboard.press('ArrowLeft');
    const before = await dayKey(page);
    expect(Date.parse(yesterday) - Date.parse(before)).toBe(86_400_000);
    await page.keyboard.press('ArrowRight');
    expect(await dayKey(page)).toBe(yesterday);
    await page.keyboard.press('t');
    expect(await dayKey(page)).toBe('');
    await page.getByRole('button', { name: /Today/ }).first().waitFor();

    await page.keyboard.press('?');
    const dialog = page.getByRole('dialog', { name: 'Keyboard shortcuts' });
    await dialog.getByText('Previous day').waitFor();
    await screenshot(page, 'daily-screens', 'shortcuts-desktop');
    expect(await seriousViolations(page)).toEqual([]);
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    await screenshot(page, 'daily-screens', 'dashboard-desktop');
    expect(await seriousViolations(page)).toEqual([]);
    await context.close();
  });

  it('keeps the People, week and year pages inside a 360 px screen, and searches people', async () => {
    const { context, page } = await signInDemoManager(browser, NARROW);
    const base = inject('baseUrl');
    await page.goto(`${base}/people`);
    await page.getByTestId('person-card').first().waitFor();
    expect(await pageWidth(page)).toBeLessThanOrEqual(NARROW.width);
    await screenshot(page, 'daily-screens', 'people-360');
    expect(await seriousViolations(page)).toEqual([]);

    await page.getByRole('searchbox', { name: /Search people/ }).fill('ana');
    await page.getByTestId('person-card').filter({ hasText: 'Ana Ferreira' }).waitFor();
    await expect
      .poll(async () => (await page.getByTestId('person-card').allInnerTexts()).every((t) => /ana/i.test(t)))
      .toBe(true);

    const id = await page.evaluate(
      async () => (await (await fetch('/api/v1/people?status=active&limit=1')).json()).people[0].id as string,
    );
    for (const view of ['week', 'year']) {
      await page.goto(`${base}/people/${id}/${view}`);
      await page.getByRole('heading', { level: 1 }).waitFor();
      await page.getByTestId(view === 'week' ? 'week-grid' : 'year-heatmap').waitFor();
      expect(await pageWidth(page)).toBeLessThanOrEqual(NARROW.width);
      await screenshot(page, 'daily-screens', `${view}-360`);
      expect(await seriousViolations(page)).toEqual([]);
    }
    await context.close();
  });
});
