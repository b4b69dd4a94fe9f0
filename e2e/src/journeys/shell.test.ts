import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { seriousViolations } from '../axe.ts';
import { DESKTOP, launchBrowser, PHONE, screenshot, watchConsole, watchLayoutShifts } from '../browser.ts';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

describe('web shell', () => {
  it('sends an anonymous visitor of / to /login', async () => {
    const context = await browser.newContext({ viewport: DESKTOP });
    const page = await context.newPage();
    const problems = watchConsole(page);
    await page.goto(`${inject('baseUrl')}/`);
    await page.waitForURL(/\/login$/);
    await page.getByRole('button', { name: 'Log in' }).waitFor();
    await screenshot(page, 'shell', 'anonymous-login-desktop');
    // Footer and hint text included: every text passes contrast.
    expect(await seriousViolations(page)).toEqual([]);
    expect(problems.filter((p) => !p.includes('401'))).toEqual([]);
    await context.close();
  });

  it("serves the app built for production (React's development build is several times larger)", async () => {
    const page = await browser.newPage({ viewport: DESKTOP });
    const scripts: Promise<{ url: string; text: string }>[] = [];
    page.on('response', (res) => {
      if (res.url().endsWith('.js')) scripts.push(res.text().then((text) => ({ url: res.url(), text })));
    });
    await page.goto(`${inject('baseUrl')}/login`);
    await page.getByRole('button', { name: 'Log in' }).waitFor();
    const loaded = await Promise.all(scripts);
    expect(loaded.length).toBeGreaterThan(3);
    expect(loaded.filter((s) => s.text.includes('jsxDEV')).map((s) => s.url)).toEqual([]);
    await page.close();
  });

  it('sends an unknown path of an anonymous visitor to /login too', async () => {
    const page = await browser.newPage({ viewport: PHONE });
    await page.goto(`${inject('baseUrl')}/no/such/page`);
    await page.waitForURL(/\/login$/);
    await page.close();
  });

  it('keeps the sign-in card in place when its page arrives after the loading state', async () => {
    const page = await browser.newPage({ viewport: PHONE });
    // Scripts the app page names load at once; the pages' chunks (asked for later) wait, so the
    // loading state is drawn first, as on a slow phone.
    const appPage = await (await fetch(`${inject('baseUrl')}/login`)).text();
    const named = new Set([...appPage.matchAll(/(?:src|href)="(\/assets\/[^"]+\.js)"/g)].map((m) => m[1]));
    expect(named.size).toBeGreaterThan(0);
    await page.route('**/assets/*.js', async (route) => {
      if (!named.has(new URL(route.request().url()).pathname)) await new Promise((r) => setTimeout(r, 700));
      await route.continue();
    });
    const shifts = await watchLayoutShifts(page);
    await page.goto(`${inject('baseUrl')}/login`);
    await page.getByRole('status').waitFor();
    await page.getByRole('button', { name: 'Log in' }).waitFor();
    await page.waitForTimeout(300);
    expect(await shifts()).toEqual([]);
    await page.close();
  });

  it('renders the styleguide', async () => {
    for (const [label, viewport] of [
      ['desktop', DESKTOP],
      ['phone', PHONE],
    ] as const) {
      const page = await browser.newPage({ viewport });
      const problems = watchConsole(page);
      await page.goto(`${inject('baseUrl')}/styleguide`);
      await page
        .getByRole('heading', { name: /styleguide/i })
        .first()
        .waitFor();
      await screenshot(page, 'shell', `styleguide-${label}`);
      // /auth/status answers 401 for a visitor without a session: that is how "no user" is reported.
      expect(problems.filter((p) => !p.includes('401'))).toEqual([]);
      await page.close();
    }
  });
});
