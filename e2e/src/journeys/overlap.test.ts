import { createHmac } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { seriousViolations } from '../axe.ts';
import { launchBrowser, screenshot, watchConsole } from '../browser.ts';
import { apiCall, signInDemoManager } from './team-setup.ts';

const WIDE = { width: 1280, height: 900 };
const NARROW = { width: 390, height: 844 };
const TZ = 'Europe/Berlin';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

interface Person {
  id: string;
  name: string | null;
  email: string | null;
  timezone: string;
}
interface OverlapAnswer {
  best: { start: string; end: string; people: string[]; confidence: number }[];
}

const clock = (iso: string) =>
  new Intl.DateTimeFormat('en-GB', { timeZone: TZ, hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).format(
    new Date(iso),
  );
const duration = (w: { start: string; end: string }) => {
  const minutes = Math.round((Date.parse(w.end) - Date.parse(w.start)) / 60_000);
  const h = Math.floor(minutes / 60);
  const m = minutes % 60;
  return h === 0 ? `${m}m` : m === 0 ? `${h}h` : `${h}h ${m}m`;
};
const dateKey = (at: number | string) =>
  new Intl.DateTimeFormat('en-CA', { timeZone: TZ, year: 'numeric', month: '2-digit', day: '2-digit' }).format(
    new Date(at),
  );

/** Three active people of the demo team in three different timezones, by name. */
async function threePeople(page: Page): Promise<Person[]> {
  const { people } = await apiCall<{ people: Person[] }>(page, 'GET', '/api/v1/people?status=active&page=1&limit=100');
  const chosen: Person[] = [];
  for (const p of people) {
    if (chosen.some((c) => c.timezone === p.timezone)) continue;
    chosen.push(p);
    if (chosen.length === 3) break;
  }
  expect(chosen).toHaveLength(3);
  return chosen;
}

/** Hides everyone but `keep` from the timeline (the browser's own hidden-people list). */
async function showOnly(page: Page, keep: Person[]) {
  const { people } = await apiCall<{ people: Person[] }>(page, 'GET', '/api/v1/people?status=active&page=1&limit=100');
  const hidden = people.filter((p) => !keep.some((k) => k.id === p.id)).map((p) => p.id);
  await page.evaluate((ids) => localStorage.setItem('overlap.hiddenPeople', JSON.stringify(ids)), hidden);
}

describe('overlap planner', () => {
  it('answers for three people: the strip, the best times and a person’s usual hours', async () => {
    const { context, page } = await signInDemoManager(browser, WIDE);
    const problems = watchConsole(page);
    const three = await threePeople(page);
    await showOnly(page, three);
    // The clocks below are read in 24-hour time, this user's setting (the browser's locale would say 12).
    await apiCall(page, 'PATCH', '/api/v1/profile/preferences', { timeFormat: '24h' });
    // The demo manager is shared by the journeys that follow: the setting goes back to the browser's.
    try {
      await page.goto(`${inject('baseUrl')}/`);

      const today = dateKey(Date.now());
      const ids = three.map((p) => p.id);
      const query = new URLSearchParams({ from: today, days: '3', tz: TZ });
      for (const id of ids) query.append('people', id);
      const panel = page.getByTestId('best-time');
      await panel.getByRole('heading', { name: 'Best time to reach everyone' }).waitFor();
      await panel.locator('li, p:has-text("No overlap expected yet")').first().waitFor();
      const answer = await apiCall<OverlapAnswer>(page, 'GET', `/api/v1/overlap?${query}`);
      expect(answer.best.length).toBeGreaterThan(0);
      const shown = await panel.getByRole('listitem').allTextContents();
      expect(shown).toHaveLength(Math.min(3, answer.best.length));
      answer.best.slice(0, 3).forEach((w, i) => {
        expect(shown[i]).toContain(
          `${clock(w.start)}–${clock(w.end)}${duration(w)} · ${w.people.length} of 3 people · ${Math.round(w.confidence * 100)}% likely`,
        );
      });

      const strip = page.getByRole('slider', { name: 'Team overlap by half hour' });
      await page.getByText(/^· Most together \d\d:\d\d–\d\d:\d\d: [1-3] of 3$/).waitFor();
      await strip.focus();
      await page.keyboard.press('Home');
      await expect.poll(() => strip.getAttribute('aria-valuetext')).toMatch(/^00:00–00:30: /);
      await page.keyboard.press('ArrowRight');
      await expect.poll(() => strip.getAttribute('aria-valuetext')).toMatch(/^00:30–01:00: /);
      await screenshot(page, 'overlap', 'dashboard-1280');
      expect(await seriousViolations(page)).toEqual([]);

      await page.setViewportSize(NARROW);
      await page.waitForTimeout(300);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(NARROW.width);
      await screenshot(page, 'overlap', 'dashboard-390');
      expect(await seriousViolations(page)).toEqual([]);

      // The person's page: usual hours in both times and the next likely online span (or online now).
      await page.setViewportSize(WIDE);
      await page.goto(`${inject('baseUrl')}/people/${three[0]?.id}`);
      const card = page.getByTestId('availability');
      await card.getByText('Usually online').waitFor();
      await card
        .getByText(/their time|Not enough activity yet/)
        .first()
        .waitFor();
      await expect(
        card
          .getByText(/Online now|your time|No prediction yet/)
          .first()
          .isVisible(),
      ).resolves.toBe(true);
      await screenshot(page, 'overlap', 'person-1280');
      expect(await seriousViolations(page)).toEqual([]);
      await page.setViewportSize(NARROW);
      await screenshot(page, 'overlap', 'person-390');
      expect(await seriousViolations(page)).toEqual([]);
    } finally {
      await apiCall(page, 'PATCH', '/api/v1/profile/preferences', { timeFormat: null });
    }
    expect(problems.filter((p) => !/401|favicon/.test(p))).toEqual([]);
    await context.close();
  });
});

describe('export', () => {
  it('downloads the shown people’s days as CSV from the dashboard, and offers Export on People and the year', async () => {
    const { context, page } = await signInDemoManager(browser, WIDE);
    const three = await threePeople(page);
    await showOnly(page, three);
    await page.goto(`${inject('baseUrl')}/`);
    await page.getByRole('button', { name: 'Export' }).click();
    const dialog = page.getByRole('dialog', { name: 'Export days' });
    await dialog.getByLabel('From').waitFor();
    await screenshot(page, 'overlap', 'export-dialog-1280');
    expect(await seriousViolations(page)).toEqual([]);
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      dialog.getByRole('button', { name: 'Download' }).click(),
    ]);
    const file = readFileSync((await download.path()) as string, 'utf8');
    const lines = file.split('\r\n').filter(Boolean);
    expect(lines[0]).toBe('person,date,timezone,first activity,last activity,online minutes,blocks,events,person id');
    expect(lines).toHaveLength(1 + 3 * 30);
    expect(new Set(lines.slice(1).map((l) => l.split(',').at(-1)))).toEqual(new Set(three.map((p) => p.id)));
    expect(download.suggestedFilename()).toMatch(/^overlap-days-\d{4}-\d\d-\d\d-to-\d{4}-\d\d-\d\d\.csv$/);

    await page.goto(`${inject('baseUrl')}/people`);
    await page.getByRole('button', { name: 'Export' }).waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await page.goto(`${inject('baseUrl')}/people/${three[1]?.id}/year`);
    await page.getByTestId('year-heatmap').waitFor();
    await page.getByRole('button', { name: 'Export' }).click();
    const year = new Date().getFullYear();
    await expect(page.getByLabel('From').inputValue()).resolves.toBe(`${year}-01-01`);
    await page.keyboard.press('Escape');
    await screenshot(page, 'overlap', 'year-1280');
    expect(await seriousViolations(page)).toEqual([]);
    await page.setViewportSize(NARROW);
    await screenshot(page, 'overlap', 'year-390');
    expect(await seriousViolations(page)).toEqual([]);
    await context.close();
  });
});

interface Received {
  headers: IncomingHttpHeaders;
  body: string;
}

describe('webhooks', () => {
  it('adds a webhook, sends a signed test to a local receiver and shows it in the delivery log', async () => {
    const received: Received[] = [];
    const receiver = createServer((req, res) => {
      let body = '';
      req.on('data', (c) => {
        body += c;
      });
      req.on('end', () => {
        received.push({ headers: req.headers, body });
        res.writeHead(200).end('ok');
      });
    });
    await new Promise<void>((r) => receiver.listen(0, '127.0.0.1', r));
    const url = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hooks/overlap`;
    const { context, page } = await signInDemoManager(browser, WIDE);
    try {
      await page.goto(`${inject('baseUrl')}/account?tab=webhooks`);
      await page.getByRole('heading', { name: 'Webhooks', exact: true }).waitFor();
      // Leftovers of an earlier run are removed through the API, so the list starts empty.
      const existing = await apiCall<{ webhooks: { id: string }[] }>(page, 'GET', '/api/v1/webhooks');
      for (const w of existing.webhooks) await apiCall(page, 'DELETE', `/api/v1/webhooks/${w.id}`);
      await page.reload();
      await page.getByText('No webhooks yet').waitFor();
      expect(await seriousViolations(page)).toEqual([]);

      await page.getByRole('button', { name: 'Add webhook' }).first().click();
      const form = page.getByRole('dialog', { name: 'Add webhook' });
      await form.getByLabel(/Payload URL/).fill(url);
      await form.getByRole('checkbox', { name: /Day summary/ }).check();
      await screenshot(page, 'overlap', 'webhook-form-1280');
      expect(await seriousViolations(page)).toEqual([]);
      await form.getByRole('button', { name: 'Add webhook' }).click();
      const shown = page.getByRole('dialog', { name: 'Webhook added' });
      const secret = ((await shown.getByTestId('webhook-secret').textContent()) ?? '').trim();
      expect(secret).toMatch(/^whsec_/);
      await shown.getByRole('button', { name: 'Done' }).click();

      await page.getByRole('button', { name: 'Send test' }).click();
      await page.getByText('Test delivered (HTTP 200)').waitFor();
      expect(received).toHaveLength(1);
      const [{ headers, body } = { headers: {}, body: '' }] = received;
      const [t, v1] = String(headers['overlap-signature'])
        .split(',')
        .map((p) => p.split('=')[1]);
      expect(v1).toBe(createHmac('sha256', secret).update(`${t}.${body}`).digest('hex'));
      expect(JSON.parse(body)).toMatchObject({ type: 'webhook.test' });

      await page.getByRole('button', { name: 'Deliveries' }).click();
      const log = page.getByRole('dialog', { name: 'Deliveries' });
      await log.getByText('Delivered').waitFor();
      await expect(log.getByRole('row').nth(1).textContent()).resolves.toMatch(/Test.*Delivered.*200.*1/);
      await screenshot(page, 'overlap', 'webhook-log-1280');
      expect(await seriousViolations(page)).toEqual([]);
      await page.keyboard.press('Escape');
      await screenshot(page, 'overlap', 'webhooks-1280');
      expect(await seriousViolations(page)).toEqual([]);
      await page.setViewportSize(NARROW);
      await page.waitForTimeout(300);
      await screenshot(page, 'overlap', 'webhooks-390');
      expect(await seriousViolations(page)).toEqual([]);
    } finally {
      await context.close();
      await new Promise((r) => receiver.close(r));
    }
  });
});
