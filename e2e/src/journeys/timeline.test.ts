import { type Browser, type BrowserContext, type Page, request } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { inViewOf, ruleViolations, seriousViolations } from '../axe.ts';
import { DESKTOP, launchBrowser, PHONE, screenshot, watchConsole, watchLayoutShifts } from '../browser.ts';
import { apiCall, createPushIntegration, findUnassigned, pushPresence, signInDemoManager } from './team-setup.ts';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

const dateKey = (d: Date) =>
  new Intl.DateTimeFormat('en-CA', {
    timeZone: 'Europe/Berlin',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(d);
const daysAgo = (n: number) => dateKey(new Date(Date.now() - n * 86_400_000));
/** The most recent past Tuesday-to-Thursday, when the whole demo team works. */
const recentWorkday = () => {
  for (let n = 1; n < 8; n++) {
    const weekday = new Intl.DateTimeFormat('en-US', { timeZone: 'Europe/Berlin', weekday: 'short' }).format(
      new Date(Date.now() - n * 86_400_000),
    );
    if (weekday === 'Tue' || weekday === 'Wed' || weekday === 'Thu') return daysAgo(n);
  }
  return daysAgo(1);
};

/** Pushes activity events with an integration's API key, as an external source would. */
async function pushEvents(apiKey: string, events: Record<string, unknown>[]): Promise<void> {
  const client = await request.newContext();
  try {
    const res = await client.post(`${inject('baseUrl')}/api/v1/events`, {
      headers: { Authorization: `Bearer ${apiKey}`, 'Content-Type': 'application/json' },
      data: JSON.stringify({ timestamp: new Date().toISOString(), source: 'e2e', events }),
    });
    if (!res.ok()) throw new Error(`events push -> ${res.status()}: ${await res.text()}`);
  } finally {
    await client.dispose();
  }
}

const TIMELINE = '[data-testid="timeline"]';
const columns = (page: Page) => page.locator(`${TIMELINE} section[aria-label^="Activity of "]`);
/** What a pointer can press on the timeline: blocks, event markers and clusters. */
const TARGETS = '[data-block-id], [data-event-marker], [data-event-cluster]';
/** Where the dashboard's banners keep their dismissal (the browser's local storage). */
const BANNER_KEYS = [
  'overlap.demoBannerDismissedAt',
  'overlap.unassignedBannerDismissedAt',
  'overlap.staleBannerDismissedAt',
];

/**
 * The dashboard opened in a new page of `context` with its code and its day held, as on a slow
 * phone, until `code` is resolved and `dayArrives` is called.
 */
async function heldDashboard(context: BrowserContext) {
  const page = await context.newPage();
  const code = deferred();
  const day = deferred();
  await page.route('**/assets/dashboard-page-*.js', async (route) => {
    await code.promise;
    await route.continue();
  });
  await page.route('**/api/v1/activities?*', async (route) => {
    await day.promise;
    await route.continue();
  });
  const shifts = await watchLayoutShifts(page);
  await page.goto(`${inject('baseUrl')}/`);
  /** Lets the day through and answers the layout shifts seen once its columns are drawn. */
  const dayArrives = async () => {
    day.resolve();
    await columns(page).first().waitFor();
    await page.waitForTimeout(300);
    return shifts();
  };
  return { page, code, dayArrives };
}

/** A promise with its resolver (Node 20 has no Promise.withResolvers). */
function deferred(): { promise: Promise<void>; resolve: () => void } {
  let resolve = () => {};
  const promise = new Promise<void>((r) => {
    resolve = r;
  });
  return { promise, resolve };
}

describe('team timeline', () => {
  it('walks the day, hides and unhides a person, and goes week -> year -> day', async () => {
    const { context, page } = await signInDemoManager(browser, DESKTOP);
    const problems = watchConsole(page);
    const missing: string[] = [];
    page.on('response', (r) => {
      if (r.status() === 404) missing.push(r.url());
    });
    await columns(page).first().waitFor();
    expect(await columns(page).count()).toBeGreaterThanOrEqual(5);
    const picker = page.getByRole('navigation', { name: 'Viewed day' });
    await expect(picker.getByRole('button', { name: /^Today/ }).isVisible()).resolves.toBe(true);
    await page.waitForTimeout(500);
    await screenshot(page, 'timeline', 'dashboard-desktop');
    // A working day of the demo team, for blocks, events and the accessibility check.
    await page.evaluate((d) => {
      window.location.hash = d;
    }, recentWorkday());
    await page.locator('[data-block-id]').first().waitFor({ state: 'attached' });
    await page.waitForTimeout(300);
    await screenshot(page, 'timeline', 'dashboard-workday-desktop');
    expect(await seriousViolations(page)).toEqual([]);
    await picker.getByRole('button', { name: /Jump to today/ }).click();
    await picker.getByRole('button', { name: /^Today/ }).waitFor();

    // Previous day via the picker.
    await picker.getByRole('button', { name: 'Previous day' }).click();
    await page.waitForFunction((d) => window.location.hash === `#${d}`, daysAgo(1));
    await picker.getByRole('button', { name: /^Yesterday/ }).waitFor();
    // ...and via the hash.
    const twoDaysAgo = daysAgo(2);
    await page.evaluate((d) => {
      window.location.hash = d;
    }, twoDaysAgo);
    await picker.getByRole('button', { name: /Jump to today/ }).waitFor();
    await expect(picker.getByRole('button', { name: /Jump to today/ }).textContent()).resolves.not.toMatch(
      /Yesterday|Today/,
    );
    // An invalid hash is ignored (today).
    await page.evaluate(() => {
      window.location.hash = 'not-a-date';
    });
    await picker.getByRole('button', { name: /^Today/ }).waitFor();
    // Clicking the label jumps back to today.
    await picker.getByRole('button', { name: 'Previous day' }).click();
    await picker.getByRole('button', { name: /Jump to today/ }).click();
    await picker.getByRole('button', { name: /^Today/ }).waitFor();

    // Hide a person, then unhide on /profile.
    const before = await columns(page).count();
    const firstHeader = page.locator('[data-testid="timeline"] a[href*="/week"]').first();
    const name = (await firstHeader.locator('.truncate').first().textContent()) ?? '';
    // The link is named by the name and local time it shows (WCAG 2.5.3, label in name).
    await expect(firstHeader.getAttribute('aria-label')).resolves.toBe(null);
    expect(await ruleViolations(page, ['label-content-name-mismatch'])).toEqual([]);
    await firstHeader.hover();
    await page.getByRole('button', { name: `Hide ${name} from the timeline` }).click();
    await expect.poll(() => columns(page).count()).toBe(before - 1);
    const stored = await page.evaluate(() => localStorage.getItem('overlap.hiddenPeople'));
    expect(JSON.parse(stored ?? '[]')).toHaveLength(1);
    await page.goto(`${inject('baseUrl')}/profile`);
    await page.getByRole('button', { name: `Unhide ${name}` }).click();
    await page.getByText("You haven't hidden anyone from the timeline.").waitFor();
    await screenshot(page, 'timeline', 'profile-unhidden');
    await page.goto(`${inject('baseUrl')}/`);
    await columns(page).first().waitFor();
    await expect.poll(() => columns(page).count()).toBe(before);

    // Week, year, and a day back to the timeline.
    await page.locator('[data-testid="timeline"] a[href*="/week"]').first().click();
    await page.waitForURL(/\/people\/[^/]+\/week/);
    await page.getByTestId('week-grid').waitFor();
    await page.getByText('Your time').waitFor();
    await screenshot(page, 'timeline', 'week-desktop');
    expect(await seriousViolations(page)).toEqual([]);
    await page.getByRole('button', { name: 'Previous week' }).click();
    await page.waitForURL(/week\?date=\d{4}-\d{2}-\d{2}/);
    await page.getByRole('link', { name: 'Year', exact: true }).click();
    await page.waitForURL(/\/year\?year=\d{4}/);
    await page.getByTestId('year-heatmap').waitFor();
    await page.getByText(/^Activity in \d{4}$/).waitFor();
    await screenshot(page, 'timeline', 'year-desktop');
    expect(await seriousViolations(page)).toEqual([]);
    const day = daysAgo(3);
    await page.locator(`[data-date="${day}"]`).click();
    await page.waitForURL((url) => url.pathname === '/' && url.hash === `#${day}` && url.search === `?date=${day}`);
    await columns(page).first().waitFor();

    // Every 404 is counted by URL; this journey's own reads must never miss.
    expect(
      missing.filter((u) => /\/api\/v1\/(activities|people|unassigned|ignored|stream|activity-blocks)/.test(u)),
    ).toEqual([]);
    expect(problems.filter((p) => !/401|favicon/.test(p))).toEqual([]);
    await context.close();
  });

  it('edits and deletes an activity block', async () => {
    const { context, page } = await signInDemoManager(browser, DESKTOP);
    await page.goto(`${inject('baseUrl')}/#${recentWorkday()}`);
    const block = page.locator('[data-block-id]:not([data-ongoing])').first();
    await block.waitFor();
    const id = (await block.getAttribute('data-block-id')) as string;
    await block.click();
    const dialog = page.getByRole('dialog', { name: 'Activity block' });
    await dialog.getByText('Duration').waitFor();
    await screenshot(page, 'timeline', 'block-dialog');
    // Esc closes the dialog and hands focus back to the block that opened it.
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute('data-block-id'))).toBe(id);
    await block.click();
    await dialog.getByRole('button', { name: 'Edit' }).click();
    await expect(page.getByRole('button', { name: 'Save' }).getAttribute('aria-busy')).resolves.toBeNull();
    await screenshot(page, 'timeline', 'block-edit');
    const start = page.locator('#block-edit-form input').nth(0);
    const value = await start.inputValue();
    const earlier = value.replace(
      /T(\d{2}):/,
      (_, h: string) => `T${String(Math.max(0, Number(h) - 1)).padStart(2, '0')}:`,
    );
    await start.fill(earlier);
    const end = page.locator('#block-edit-form input').nth(1);
    await end.fill('');
    await expect(page.getByRole('button', { name: 'Save' }).isDisabled()).resolves.toBe(true);
    // An end before the start is refused in the form, with a message.
    await end.fill(
      earlier.replace(/T(\d{2}):/, (_, h: string) => `T${String(Math.max(0, Number(h) - 1)).padStart(2, '0')}:`),
    );
    await page.getByText('The end must be after the start.').waitFor();
    await expect(page.getByRole('button', { name: 'Save' }).isDisabled()).resolves.toBe(true);
    await end.fill(value.replace(/T(\d{2}):(\d{2})/, (_, h: string) => `T${h}:59`));
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByRole('dialog').waitFor({ state: 'detached' });

    await page.locator(`[data-block-id="${id}"]`).click();
    await page.getByRole('dialog', { name: 'Activity block' }).getByRole('button', { name: 'Delete' }).click();
    const confirm = page.getByRole('alertdialog');
    await confirm
      .getByText('Delete this activity block and the presence data it covered? You can undo it for 10 minutes.')
      .waitFor();
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await page.locator(`[data-block-id="${id}"]`).waitFor({ state: 'detached' });
    // Undo brings it back with its samples.
    await page.getByRole('button', { name: 'Undo' }).click();
    await page.getByText('Activity block restored').waitFor();
    await page.locator(`[data-block-id="${id}"]`).waitFor();
    await context.close();
  });

  it('shows a presence push without a reload', async () => {
    const { context, page } = await signInDemoManager(browser, DESKTOP);
    const { apiKey } = await createPushIntegration(page, 'Live bridge');
    await pushPresence(page, apiKey, [
      { personIdentifier: 'live-tester', status: 'offline', name: 'Live Tester', timezone: 'Asia/Tokyo' },
    ]);
    const unassigned = await findUnassigned(page, 'live-tester');
    expect(unassigned).toBeTruthy();
    await apiCall(page, 'POST', `/api/v1/unassigned/${unassigned?.id}/revive`, { name: 'Live Tester' });
    await page.reload();
    const header = page.getByRole('link', { name: /^Live Tester\b/ });
    await header.waitFor();
    expect(await header.textContent()).not.toContain('online');
    await pushPresence(page, apiKey, [{ personIdentifier: 'live-tester', status: 'online' }]);
    await page.getByRole('link', { name: /^Live Tester\s*, online\b/ }).waitFor({ timeout: 15_000 });
    await page.locator('section[aria-label="Activity of Live Tester"] [data-block-id]').waitFor({ timeout: 15_000 });
    await screenshot(page, 'timeline', 'live-push');
    await context.close();
  });

  it('keeps a brief block and close events pressable (24 px targets), and lists a cluster of events', async () => {
    const { context, page } = await signInDemoManager(browser, DESKTOP);
    // A workday a week before the other journeys' day, so their blocks stay as the demo made them.
    const day = dateKey(new Date(Date.parse(`${recentWorkday()}T12:00:00Z`) - 7 * 86_400_000));
    type Block = { id: string; startTime: string; endTime: string | null; isOngoing: boolean };
    type Person = { id: string; activityBlocks: Block[]; activityEvents: { timestamp: string }[] };
    const { people } = await apiCall<{ people: Person[] }>(
      page,
      'GET',
      `/api/v1/activities?date=${day}&tz=Europe%2FBerlin`,
    );
    // Two closed blocks of one person, the second starting at least 30 minutes after the first ends,
    // with nothing else of that person in the 25 minutes before the second, and no event of theirs
    // within an hour of the second's start (the events pushed below are the only ones there).
    const MIN = 60_000;
    let pair: [Block, Block] | undefined;
    let owner: Person | undefined;
    for (const person of people) {
      const blocks = person.activityBlocks
        .filter((b) => b.endTime && !b.isOngoing)
        .sort((a, b) => Date.parse(a.startTime) - Date.parse(b.startTime));
      for (const [i, a] of blocks.entries()) {
        const b = blocks[i + 1];
        if (!b || pair) break;
        const from = Date.parse(b.startTime) - 25 * MIN;
        const clear = person.activityBlocks.every(
          (o) =>
            o === a ||
            o === b ||
            Date.parse(o.endTime ?? '') <= from ||
            Date.parse(o.startTime) >= Date.parse(b.startTime),
        );
        const quiet = person.activityEvents.every(
          (e) => Math.abs(Date.parse(e.timestamp) - Date.parse(b.startTime)) > 60 * MIN,
        );
        if (clear && quiet && Date.parse(b.startTime) - Date.parse(a.endTime ?? '') >= 30 * MIN) pair = [a, b];
      }
      if (pair) {
        owner = person;
        break;
      }
    }
    if (!pair || !owner) throw new Error(`no two blocks 30 minutes apart, an hour clear of events, on ${day}`);
    // The first becomes a 5-minute block ending 15 minutes (11 px) before the second: its 24 px target
    // reaches over the second block's top.
    const nextStart = Date.parse(pair[1].startTime);
    await apiCall(page, 'PATCH', `/api/v1/activity-blocks/${pair[0].id}`, {
      startTime: new Date(nextStart - 20 * MIN).toISOString(),
      endTime: new Date(nextStart - 15 * MIN).toISOString(),
    });
    // Three events within 13 minutes (10 px) over the brief block, and a fourth 38 minutes (28 px)
    // after the first: one cluster of three and one marker just clear of it, on the blocks' edge.
    const { apiKey } = await createPushIntegration(page, 'Commit bridge');
    const event = (n: number, kind: string, minutes: number, title: string) => ({
      externalId: `cluster-${n}`,
      kind,
      timestamp: new Date(nextStart + minutes * MIN).toISOString(),
      title,
      url: `https://git.example.com/acme/app/commit/${n}`,
      personIdentifier: 'cluster-dev',
    });
    await pushEvents(apiKey, [
      event(1, 'git_commit', -18, 'Fix flaky export test'),
      event(2, 'google_drive_file_edit', -5, 'Edited Release checklist'),
      event(3, 'git_commit', -12, 'Speed up day query'),
      event(4, 'git_commit', 20, 'Trim the push log'),
    ]);
    const pushed = await findUnassigned(page, 'cluster-dev');
    if (!pushed) throw new Error('the pushed events made no unassigned user');
    await apiCall(page, 'POST', `/api/v1/unassigned/${pushed.id}/merge`, { targetPersonId: owner.id });

    await page.goto(`${inject('baseUrl')}/#${day}`);
    const brief = page.locator(`[data-block-id="${pair[0].id}"]`);
    await brief.waitFor();
    await brief.evaluate((el) => el.scrollIntoView({ block: 'center', inline: 'center' }));
    await page.waitForTimeout(300);
    const box = await brief.boundingBox();
    expect(box?.height).toBe(24);
    const cluster = page.getByRole('button', { name: '3 events: Commit, Commit, File edited' });
    const single = page.getByRole('button', { name: 'Commit: Trim the push log' });
    const clusterBox = await cluster.boundingBox();
    const singleBox = await single.boundingBox();
    expect([clusterBox?.width, clusterBox?.height, singleBox?.width, singleBox?.height]).toEqual([24, 24, 24, 24]);
    // Blocks, event markers and clusters in view: every target 24 px or clear of the others (those
    // scrolled partly under the sticky headers are obscured for the moment, wherever the scroll stops).
    const inView = await inViewOf(page, TIMELINE, TARGETS);
    await expect(
      Promise.all([brief, cluster, single].map((target) => target.getAttribute('data-axe-in-view'))),
    ).resolves.toEqual(['', '', '']);
    expect(await ruleViolations(page, ['target-size'], inView)).toEqual([]);
    await screenshot(page, 'timeline', 'event-cluster-desktop');

    // The cluster lists its events in time order; a row shows that event's details.
    await cluster.click();
    const list = page.getByRole('dialog', { name: /^3 events, / });
    await list.waitFor();
    const rows = list.getByRole('listitem');
    await expect(rows.count()).resolves.toBe(3);
    await expect(rows.allTextContents()).resolves.toEqual([
      expect.stringContaining('Fix flaky export test'),
      expect.stringContaining('Speed up day query'),
      expect.stringContaining('Edited Release checklist'),
    ]);
    await screenshot(page, 'timeline', 'event-cluster-open');
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Enter');
    await list.getByText('Commit · Commit bridge').waitFor();
    await expect(list.getByRole('link', { name: 'Open' }).getAttribute('href')).resolves.toBe(
      'https://git.example.com/acme/app/commit/3',
    );
    await screenshot(page, 'timeline', 'event-cluster-details');
    await page.keyboard.press('Escape');
    await list.waitFor({ state: 'detached' });
    await expect(cluster.evaluate((el) => el === document.activeElement)).resolves.toBe(true);

    // A press near the bottom of the brief block's target opens it, not the block below.
    await page.mouse.click((box?.x ?? 0) + 20, (box?.y ?? 0) + 22);
    const dialog = page.getByRole('dialog', { name: 'Activity block' });
    await dialog.waitFor();
    await expect(dialog.textContent()).resolves.toContain('5m');
    await screenshot(page, 'timeline', 'brief-block');
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });

    // On a phone the cluster keeps its target and its list fits the screen.
    await page.setViewportSize(PHONE);
    await cluster.evaluate((el) => {
      el.scrollIntoView({ block: 'center', inline: 'center' });
      // The timeline keeps its scroll; the page goes back to its top for a whole-page picture.
      window.scrollTo(0, 0);
    });
    await page.waitForTimeout(300);
    await screenshot(page, 'timeline', 'event-cluster-phone');
    const inViewOnPhone = await inViewOf(page, TIMELINE, TARGETS);
    await expect(cluster.getAttribute('data-axe-in-view')).resolves.toBe('');
    expect(await ruleViolations(page, ['target-size'], inViewOnPhone)).toEqual([]);
    await cluster.click();
    await list.waitFor();
    const listBox = await list.boundingBox();
    expect(listBox?.x).toBeGreaterThanOrEqual(0);
    expect((listBox?.x ?? 0) + (listBox?.width ?? 0)).toBeLessThanOrEqual(PHONE.width);
    await screenshot(page, 'timeline', 'event-cluster-phone-open');
    await context.close();
  });

  it("draws the dashboard's shape while its code loads, where its loading state then draws the same parts", async () => {
    for (const [label, viewport] of [
      ['phone', PHONE],
      ['desktop', DESKTOP],
    ] as const) {
      const { context, page } = await signInDemoManager(browser, viewport);
      await columns(page).first().waitFor();
      // Banners dismissed: the fallback cannot know them, so only without them does it match the frame.
      await page.evaluate((keys) => {
        for (const key of keys) localStorage.setItem(key, String(Date.now()));
      }, BANNER_KEYS);
      const loading = await heldDashboard(context);
      const hint = loading.page.getByText('Point at or tap a half hour to see who is around.');
      await hint.waitFor();
      await loading.page.getByRole('status').filter({ hasText: 'Loading…' }).waitFor();
      await expect(loading.page.getByRole('button', { name: 'Refresh' }).count()).resolves.toBe(0);
      await screenshot(loading.page, 'timeline', `dashboard-fallback-${label}`);
      const before = await hint.boundingBox();
      loading.code.resolve();
      await loading.page.getByRole('button', { name: 'Refresh' }).waitFor();
      await expect(loading.page.getByText('Loading team data...').count()).resolves.toBe(1);
      const after = await hint.boundingBox();
      expect([after?.x, after?.y, after?.height]).toEqual([before?.x, before?.y, before?.height]);
      expect(await loading.dayArrives()).toEqual([]);
      await context.close();
    }
  });

  it("draws the dashboard's banners with its first frame, so the day arriving moves nothing", async () => {
    const { context, page } = await signInDemoManager(browser, PHONE);
    await columns(page).first().waitFor();
    await page.evaluate((keys) => {
      for (const key of keys) localStorage.removeItem(key);
    }, BANNER_KEYS);
    const loading = await heldDashboard(context);
    loading.code.resolve();
    await loading.page.getByText('Loading team data...').waitFor();
    await expect(loading.page.getByText(/^You are looking at demo data \(\d+ demo people\)$/).count()).resolves.toBe(1);
    expect(await loading.dayArrives()).toEqual([]);
    await context.close();
  });

  it("keeps each header's clock and each block's duration whole in compact columns, in 12-hour time", async () => {
    // A timeline of 768 px or more fits the team by narrowing the columns (compact headers: avatar
    // and clock); the demo team's eight people make them compact at 900 px.
    const { context, page } = await signInDemoManager(browser, { width: 900, height: 800 });
    await columns(page).first().waitFor();
    const headers = await page.locator(`${TIMELINE} a[href$="/week"]`).evaluateAll((links) =>
      links.map((link) => {
        const clock = link.querySelector('.tabular') as HTMLElement;
        const cell = link.getBoundingClientRect();
        const box = clock.getBoundingClientRect();
        return {
          text: clock.textContent ?? '',
          compact: cell.width < 128,
          oneLine: box.height === 20 && clock.scrollWidth <= clock.clientWidth,
          inside: box.left >= cell.left && box.right <= cell.right,
        };
      }),
    );
    expect(headers.length).toBeGreaterThanOrEqual(8);
    for (const header of headers) {
      expect(header).toEqual({
        text: expect.stringMatching(/^\d{1,2}:\d{2}\s[AP]M$/),
        compact: true,
        oneLine: true,
        inside: true,
      });
    }
    // The widest clock ('12:59 PM', two-digit hour) in the narrowest compact column (52 px, 1 of it
    // its border) stays whole and on one line too.
    const widest = await page
      .locator(`${TIMELINE} a[href$="/week"] .tabular`)
      .first()
      .evaluate((clock) => {
        const copy = clock.cloneNode(true) as HTMLElement;
        copy.textContent = (clock.textContent ?? '').replace(/^\d{1,2}:\d{2}/, '12:59');
        clock.after(copy);
        const box = copy.getBoundingClientRect();
        copy.remove();
        return { width: Math.ceil(box.width), height: box.height };
      });
    expect(widest.height).toBe(20);
    expect(widest.width).toBeGreaterThanOrEqual(45);
    expect(widest.width).toBeLessThanOrEqual(51);
    await screenshot(page, 'timeline', 'dashboard-compact-headers');

    // A block's duration reads in full where the block is wide enough, compact ('1h30') where it is
    // not (a 52 px column, or a lane beside another source's block), and is never cut.
    await page.evaluate((d) => {
      window.location.hash = d;
    }, recentWorkday());
    await page.locator('[data-block-id]').first().waitFor({ state: 'attached' });
    const durations = await page.locator('[data-block-id]').evaluateAll((blocks) => {
      const hoursAndMinutes = /\((\d+)h (\d+)m\)$/;
      const block = blocks.find((b) => hoursAndMinutes.test(b.getAttribute('aria-label') ?? '')) as HTMLElement;
      const [, hours, minutes] = hoursAndMinutes.exec(block.getAttribute('aria-label') ?? '') ?? [];
      const shownAt = (width: number) => {
        block.style.width = `${width}px`;
        const line = block.querySelector('.truncate') as HTMLElement;
        return { text: line.innerText, whole: line.scrollWidth <= line.clientWidth };
      };
      return { hours, minutes, narrow: shownAt(44), wide: shownAt(88) };
    });
    const { hours, minutes } = durations;
    expect(durations).toEqual({
      hours,
      minutes,
      narrow: { text: `${hours}h${minutes?.padStart(2, '0')}`, whole: true },
      wide: { text: `${hours}h ${minutes}m`, whole: true },
    });
    await context.close();
  });

  it('is usable on a phone', async () => {
    const { context, page } = await signInDemoManager(browser, PHONE);
    await columns(page).first().waitFor();
    await page.getByRole('navigation', { name: 'Viewed day' }).waitFor();
    await screenshot(page, 'timeline', 'dashboard-phone');
    const scroller = page.getByTestId('timeline');
    const scrolls = await scroller.evaluate((el) => el.scrollWidth > el.clientWidth);
    expect(scrolls).toBe(true);
    await scroller.evaluate((el) => {
      el.scrollLeft = 300;
    });
    const railLeft = await page.getByRole('list', { name: 'Hours' }).evaluate((el) => el.getBoundingClientRect().left);
    expect(railLeft).toBeLessThan(30);
    await screenshot(page, 'timeline', 'dashboard-phone-scrolled');
    await context.close();
  });
});
