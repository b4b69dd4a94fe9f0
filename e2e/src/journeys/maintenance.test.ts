import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { seriousViolations } from '../axe.ts';
import { artifactsDir, DESKTOP, launchBrowser, PHONE, screenshot, watchConsole } from '../browser.ts';
import { apiCall, signInDemoManager } from './team-setup.ts';

interface LongBlock {
  id: string;
  personName: string | null;
  startTime: string;
  endTime: string | null;
  durationHours: number;
  isOngoing: boolean;
  date: string;
}
interface GapReport {
  totalLongBlocks: number;
  totalGaps: number;
  totalAffectedBlocks: number;
  longActivityBlocks: LongBlock[];
}

const TZ = 'Europe/Berlin';
const MIN_HOURS = 0.5;

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

/** The app's '14 Mar, 9:30 AM': the context's en-US locale writes 12-hour time, in its timezone. */
const clock = (iso: string) => {
  const at = new Date(iso);
  const day = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', timeZone: TZ }).format(at);
  const time = new Intl.DateTimeFormat('en-US', { hour: 'numeric', minute: '2-digit', hour12: true, timeZone: TZ })
    .format(at)
    .replace(/\u202f/g, ' ');
  return `${day}, ${time}`;
};

const localInput = (ms: number) =>
  new Intl.DateTimeFormat('sv-SE', {
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    timeZone: TZ,
  })
    .format(new Date(ms))
    .replace(' ', 'T');
/** This month and the one before, by the context's calendar. */
function recentMonths() {
  const [year, month] = new Intl.DateTimeFormat('en-CA', { year: 'numeric', month: '2-digit', timeZone: TZ })
    .format(new Date())
    .split('-')
    .map(Number) as [number, number];
  const label = (y: number, m: number) =>
    new Intl.DateTimeFormat('en-US', { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(
      new Date(Date.UTC(y, m - 1, 15)),
    );
  const previous = month === 1 ? { year: year - 1, month: 12 } : { year, month: month - 1 };
  return [
    { year, month, label: label(year, month) },
    { ...previous, label: label(previous.year, previous.month) },
  ] as const;
}

const report = (page: Page, m: { year: number; month: number }) =>
  apiCall<GapReport>(
    page,
    'POST',
    `/api/v1/account/maintenance/detect-gaps?year=${m.year}&month=${m.month}&minDurationHours=${MIN_HOURS}`,
    {},
  );

const stat = (page: Page, label: string) =>
  page
    .getByRole('region', { name: 'Summary' })
    .getByText(label, { exact: true })
    .locator('xpath=following-sibling::p[1]');

async function openTab(page: Page) {
  await page.goto(`${inject('baseUrl')}/account?tab=maintenance`);
  await page.getByRole('heading', { name: 'Maintenance' }).waitFor();
}

/** Picks the month (when not the default), sets the low minimum and detects. */
async function detect(page: Page, month: { label: string }, isDefault: boolean) {
  if (!isDefault) {
    await page.getByLabel('Month').click();
    await page.getByRole('option', { name: month.label }).click();
  }
  await page.getByLabel('Minimum duration (hours)').fill(String(MIN_HOURS));
  await page.getByRole('button', { name: 'Detect' }).click();
  await page.getByRole('region', { name: 'Summary' }).waitFor({ timeout: 30_000 });
}

describe('maintenance tab', () => {
  it('detects long blocks, edits and deletes one, and links a day to the timeline', async () => {
    const { context, page } = await signInDemoManager(browser, DESKTOP);
    const problems = watchConsole(page);
    await openTab(page);
    await page.getByText('No detection run yet').waitFor();
    const [current, previous] = recentMonths();
    await expect(page.getByLabel('Month').textContent()).resolves.toBe(current.label);
    await expect(page.getByLabel('Minimum duration (hours)').inputValue()).resolves.toBe('8');
    await screenshot(page, 'maintenance', 'before-detect-desktop');

    // Early in a month the demo data may not have a long block yet: then use the month before.
    let month: typeof current | typeof previous = current;
    let expected = await report(page, current);
    if (expected.totalLongBlocks < 3) {
      month = previous;
      expected = await report(page, previous);
    }
    expect(expected.totalLongBlocks).toBeGreaterThanOrEqual(3);
    await detect(page, month, month === current);
    await expect(stat(page, 'Long blocks').textContent()).resolves.toBe(String(expected.totalLongBlocks));
    await expect(stat(page, 'Gaps').textContent()).resolves.toBe(String(expected.totalGaps));
    await expect(stat(page, 'Affected blocks').textContent()).resolves.toBe(String(expected.totalAffectedBlocks));
    const first = expected.longActivityBlocks[0] as LongBlock;
    const firstRow = page
      .getByRole('row')
      .filter({ hasText: clock(first.startTime) })
      .first();
    await expect(firstRow.textContent()).resolves.toContain(first.personName ?? 'Unknown person');
    await page.waitForTimeout(300);
    await screenshot(page, 'maintenance', 'results-desktop');
    expect(await seriousViolations(page)).toEqual([]);

    // Edit: shorten a finished block of at least an hour to 40 minutes.
    const firstPage = expected.longActivityBlocks.slice(0, 20);
    const target = firstPage.find((b) => !b.isOngoing && b.durationHours >= 1) as LongBlock;
    expect(target).toBeTruthy();
    const who = target.personName ?? 'Unknown person';
    const editButton = page.getByRole('button', { name: `Edit block of ${who} from ${clock(target.startTime)}` });
    await editButton.first().click();
    const dialog = page.getByRole('dialog', { name: 'Edit activity block' });
    await dialog.waitFor();
    const start = dialog.getByLabel('Start');
    const end = dialog.getByLabel('End');
    await expect(start.inputValue()).resolves.toBe(localInput(Date.parse(target.startTime)));
    await end.fill('');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await dialog.getByText('End is required.').waitFor();
    await end.fill(localInput(Date.parse(target.startTime) - 60 * 60_000));
    await dialog.getByText('End must be after start.').waitFor();
    await screenshot(page, 'maintenance', 'edit-dialog-desktop');
    expect(await seriousViolations(page)).toEqual([]);
    const newEnd = Date.parse(target.startTime) + 40 * 60_000;
    await end.fill(localInput(newEnd));
    await dialog.getByRole('button', { name: 'Save' }).click();
    await dialog.waitFor({ state: 'detached', timeout: 30_000 });
    const editedRow = page.getByRole('row').filter({ has: editButton }).first();
    await expect
      .poll(() => editedRow.textContent(), { timeout: 15_000 })
      .toContain(clock(new Date(newEnd).toISOString()));
    await expect(editedRow.textContent()).resolves.toContain('40m');

    // Delete another finished block behind the confirmation.
    const victim = firstPage.find((b) => !b.isOngoing && b.id !== target.id) as LongBlock;
    const victimLabel = `Delete block of ${victim.personName ?? 'Unknown person'} from ${clock(victim.startTime)}`;
    const before = Number(await stat(page, 'Long blocks').textContent());
    await page.getByRole('button', { name: victimLabel }).first().click();
    const confirm = page.getByRole('alertdialog', { name: 'Delete activity block' });
    await confirm.getByText('This action cannot be undone.', { exact: false }).waitFor();
    await screenshot(page, 'maintenance', 'delete-confirm-desktop');
    await confirm.getByRole('button', { name: 'Delete block' }).click();
    await confirm.waitFor({ state: 'detached', timeout: 30_000 });
    await expect.poll(() => stat(page, 'Long blocks').textContent(), { timeout: 15_000 }).toBe(String(before - 1));
    const after = await report(page, month);
    expect(after.longActivityBlocks.some((b) => b.id === victim.id)).toBe(false);

    // A day links to the dashboard's day hash.
    const day = page.getByRole('row').filter({ has: editButton }).first().getByRole('link');
    await day.click();
    await page.waitForURL((url) => url.pathname === '/' && url.hash === `#${target.date}`);
    await page.locator('[data-testid="timeline"]').waitFor();

    expect(problems.filter((p) => !/401|favicon/.test(p))).toEqual([]);
    await context.close();
  });

  it('is usable on a phone', async () => {
    const { context, page } = await signInDemoManager(browser, PHONE);
    await openTab(page);
    await screenshot(page, 'maintenance', 'before-detect-phone');
    const [current, previous] = recentMonths();
    const expected = await report(page, current);
    const month = expected.totalLongBlocks < 3 ? previous : current;
    await detect(page, month, month === current);
    await page.getByRole('heading', { name: 'Long activity blocks' }).waitFor();
    await page.waitForTimeout(300);
    await screenshot(page, 'maintenance', 'results-phone');
    await page.getByRole('heading', { name: 'Long activity blocks' }).scrollIntoViewIfNeeded();
    await page.screenshot({ path: join(artifactsDir, 'maintenance', 'results-phone-viewport.png') });
    await page.getByRole('heading', { name: 'Integration gaps' }).scrollIntoViewIfNeeded();
    await page.screenshot({ path: join(artifactsDir, 'maintenance', 'gaps-phone-viewport.png') });
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    expect(await seriousViolations(page)).toEqual([]);
    await context.close();
  });
});
