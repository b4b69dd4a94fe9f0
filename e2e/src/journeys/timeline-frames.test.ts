import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { DESKTOP, launchBrowser, screenshot } from '../browser.ts';
import { apiCall, createPushIntegration, pushPresence, signInDemoManager } from './team-setup.ts';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

const ZONES = [
  'Europe/Berlin',
  'America/New_York',
  'Asia/Tokyo',
  'Europe/Lisbon',
  'America/Los_Angeles',
  'Asia/Kolkata',
];

describe('a 100-column timeline', () => {
  it('renders every column and scrolls to the far end, one step per frame', async () => {
    const { context, page } = await signInDemoManager(browser, DESKTOP);
    const { apiKey } = await createPushIntegration(page, 'Load bridge');
    const ids = Array.from({ length: 100 }, (_, i) => `load-${String(i).padStart(3, '0')}`);
    const now = Date.now();
    // A morning of presence for each: online for an hour, away, online again.
    for (const [minutesAgo, status] of [
      [300, 'online'],
      [240, 'away'],
      [200, 'online'],
      [120, 'offline'],
      [30, 'online'],
    ] as const) {
      await pushPresence(
        page,
        apiKey,
        ids.map((id, i) => ({
          personIdentifier: id,
          status,
          name: `Load ${id.slice(5)}`,
          timezone: ZONES[i % ZONES.length],
        })),
        new Date(now - minutesAgo * 60_000),
      );
    }
    const list = await apiCall<{ users: { id: string; personIdentifier: string | null }[] }>(
      page,
      'GET',
      '/api/v1/unassigned?page=1&limit=100',
    );
    const created = list.users.filter((u) => u.personIdentifier?.startsWith('load-'));
    const revived: string[] = [];
    for (const u of created) {
      try {
        await apiCall(page, 'POST', `/api/v1/unassigned/${u.id}/revive`, {
          name: `Load ${u.personIdentifier?.slice(5)}`,
        });
        revived.push(u.id);
      } catch {
        break; // the plan's people limit
      }
    }

    try {
      await page.goto(`${inject('baseUrl')}/`);
      const columns = page.locator('[data-testid="timeline"] section[aria-label^="Activity of "]');
      await columns.nth(90).waitFor({ state: 'attached' });
      const count = await columns.count();
      expect(count).toBeGreaterThanOrEqual(95);
      await page.waitForTimeout(500);
      await screenshot(page, 'timeline', 'hundred-columns');

      // Frame times are figures, measured by `npm run bench:frames -w bench`; the behaviour asserted
      // here is that the whole 100-column timeline scrolls to its far end, one step per frame.
      const scrolled = await page.evaluate(async () => {
        const el = document.querySelector('[data-testid="timeline"]') as HTMLElement;
        const max = el.scrollWidth - el.clientWidth;
        let frames = 0;
        await new Promise<void>((done) => {
          const tick = () => {
            frames++;
            el.scrollLeft = (max * frames) / 120;
            el.scrollTop = (frames % 60) * 8;
            if (frames < 120) requestAnimationFrame(tick);
            else done();
          };
          requestAnimationFrame(tick);
        });
        return { frames, scrollable: max > 0, atEnd: Math.abs(el.scrollLeft - max) <= 1 };
      });
      expect(scrolled).toEqual({ frames: 120, scrollable: true, atEnd: true });
    } finally {
      for (const id of revived)
        await apiCall(page, 'PATCH', `/api/v1/people/${id}`, { status: 'ignored' }).catch(() => {});
      await context.close();
    }
  });
});
