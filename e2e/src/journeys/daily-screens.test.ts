import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { seriousViolations } from '../axe.ts';
import { DESKTOP, launchBrowser, screenshot } from '../browser.ts';
import { apiCall, signInDemoManager } from './team-setup.ts';

const NARROW = { width: 360, height: 780 };

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

const pageWidth = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth);
const firstActiveId = async (page: Page) =>
  (await apiCall<{ people: { id: string }[] }>(page, 'GET', '/api/v1/people?status=active&limit=1')).people[0]
    ?.id as string;
const focusedText = (page: Page) => page.evaluate(() => document.activeElement?.textContent ?? '');
const focusedDate = (page: Page) => page.evaluate(() => document.activeElement?.getAttribute('data-date') ?? '');
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

  it("reaches the year view's day card and its week link by keyboard", async () => {
    const { context, page } = await signInDemoManager(browser, DESKTOP);
    const base = inject('baseUrl');
    const id = await firstActiveId(page);
    await page.goto(`${base}/people/${id}/year`);
    const heatmap = page.getByTestId('year-heatmap');
    await heatmap.waitFor();
    expect(await heatmap.locator('button[data-date][tabindex="0"]').count()).toBe(1);

    await heatmap.locator('button[data-date][tabindex="0"]').focus();
    const day = await focusedDate(page);
    expect(day).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    const card = page.getByTestId('year-day-tooltip');
    await card.waitFor();
    await page.keyboard.press('ArrowLeft');
    const weekBefore = await focusedDate(page);
    expect(Date.parse(day) - Date.parse(weekBefore)).toBe(7 * 86_400_000);
    await page.keyboard.press('Tab');
    expect(await focusedText(page)).toBe('Open this week');
    await screenshot(page, 'daily-screens', 'year-card-desktop');
    expect(await seriousViolations(page)).toEqual([]);
    await page.keyboard.press('Escape');
    await card.waitFor({ state: 'detached' });
    expect(await focusedDate(page)).toBe(weekBefore);

    await page.keyboard.press('ArrowRight');
    expect(await focusedDate(page)).toBe(day);
    await card.waitFor();
    await page.keyboard.press('Tab');
    await page.keyboard.press('Enter');
    await page.waitForURL((u) => u.pathname === `/people/${id}/week` && u.searchParams.get('date') === day);
    await context.close();
  });

  it('redraws times in a new time format without reloading the page', async () => {
    const { context, page } = await signInDemoManager(browser, DESKTOP);
    await page.goto(`${inject('baseUrl')}/profile`);
    const lastLogin = page.locator('dt', { hasText: 'Last login' }).locator('xpath=following-sibling::dd');
    await expect.poll(() => lastLogin.textContent()).toMatch(/, \d{1,2}:\d{2} [AP]M$/);
    await page.evaluate(() => {
      (window as unknown as { stayed: boolean }).stayed = true;
    });
    const choose = async (label: string | RegExp) => {
      await page.getByRole('combobox', { name: 'Time format' }).click();
      await page.getByRole('option', { name: label }).click();
    };
    try {
      await choose('24-hour (14:05)');
      await expect.poll(() => lastLogin.textContent()).toMatch(/, \d{2}:\d{2}$/);
      expect(await page.evaluate(() => (window as unknown as { stayed?: boolean }).stayed)).toBe(true);
    } finally {
      await choose(/^Browser default/);
    }
    await expect.poll(() => lastLogin.textContent()).toMatch(/, \d{1,2}:\d{2} [AP]M$/);
    await context.close();
  });

  // One test per width: sixteen axe runs in one test outlast its time on a busy machine.
  for (const [width, viewport] of [
    ['1440', DESKTOP],
    ['360', NARROW],
  ] as const) {
    it(`has no serious axe violation on the pages with dates, at ${width} px`, async () => {
      const { context, page } = await signInDemoManager(browser, viewport);
      const base = inject('baseUrl');
      const id = await firstActiveId(page);
      const integrations = await apiCall<{ integrations: { id: string }[] }>(page, 'GET', '/api/v1/integrations');
      const pages: [string, string, () => Promise<void>][] = [
        ['profile', '/profile', () => page.getByText('Server time').waitFor()],
        [
          'account-integrations',
          '/account?tab=integrations',
          () =>
            page
              .getByText(/Created \d/)
              .first()
              .waitFor(),
        ],
        [
          'account-users',
          '/account?tab=users',
          () => page.getByText(inject('demoEmail')).locator('visible=true').first().waitFor(),
        ],
        ['account-billing', '/account?tab=billing', () => page.getByText('Current plan').waitFor()],
        [
          'integration',
          `/integrations/${integrations.integrations[0]?.id}`,
          () => page.getByRole('heading', { level: 1 }).waitFor(),
        ],
        ['person', `/people/${id}`, () => page.getByText('Connected integrations').waitFor()],
        ['week', `/people/${id}/week`, () => page.getByTestId('week-grid').waitFor()],
        ['year', `/people/${id}/year`, () => page.getByTestId('year-heatmap').waitFor()],
      ];
      for (const [name, path, ready] of pages) {
        await page.goto(`${base}${path}`);
        await ready();
        expect(await pageWidth(page), `${name} at ${width}`).toBeLessThanOrEqual(viewport.width);
        await screenshot(page, 'daily-screens', `${name}-${width}`);
        expect(await seriousViolations(page), `${name} at ${width}`).toEqual([]);
      }
      await context.close();
    }, 150_000);
  }

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
      // The title and its dates each on one line, the buttons below them.
      const lines = (el: Element) =>
        Math.round(el.getBoundingClientRect().height / Number.parseFloat(getComputedStyle(el).lineHeight));
      await expect(page.getByRole('heading', { level: 1 }).evaluate(lines)).resolves.toBe(1);
      await expect(
        page.getByRole('heading', { level: 1 }).locator('xpath=following-sibling::p').evaluate(lines),
      ).resolves.toBe(1);
      await screenshot(page, 'daily-screens', `${view}-360`);
      expect(await seriousViolations(page)).toEqual([]);
    }
    await context.close();
  });
});
