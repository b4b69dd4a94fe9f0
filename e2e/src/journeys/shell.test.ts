import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { seriousViolations } from '../axe.ts';
import { DESKTOP, launchBrowser, PHONE, screenshot, watchConsole } from '../browser.ts';

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

  it('sends an unknown path of an anonymous visitor to /login too', async () => {
    const page = await browser.newPage({ viewport: PHONE });
    await page.goto(`${inject('baseUrl')}/no/such/page`);
    await page.waitForURL(/\/login$/);
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
