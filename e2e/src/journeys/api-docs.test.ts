import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { DESKTOP, launchBrowser, screenshot, watchConsole } from '../browser.ts';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

describe('API reference', () => {
  it('/docs renders under the strict Content-Security-Policy and documents the presence push', async () => {
    const page = await browser.newPage({ viewport: DESKTOP });
    const problems = watchConsole(page);
    const violations: string[] = [];
    page.on('console', (m) => {
      if (/Content Security Policy/i.test(m.text())) violations.push(m.text());
    });
    const response = await page.goto(`${inject('baseUrl')}/docs/`);
    const csp = response?.headers()['content-security-policy'] ?? '';
    expect(csp).toMatch(/script-src 'self' 'sha256-[A-Za-z0-9+/=]+'(;|$)/);
    await page.getByText('/api/v1/presence').first().waitFor({ timeout: 30_000 });
    await page.getByText('Overlap API').first().waitFor();
    await screenshot(page, 'docs', 'api-reference-desktop');
    expect(violations).toEqual([]);
    expect(problems.filter((p) => !p.includes('401'))).toEqual([]);
    await page.close();
  });
});
