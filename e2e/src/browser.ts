import { existsSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { type Browser, chromium, type Page } from 'playwright-core';
import { repoRoot } from './server.ts';

export const artifactsDir = join(repoRoot, 'e2e/artifacts');

async function executablePath(): Promise<string> {
  if (process.env.CHROMIUM_PATH) return process.env.CHROMIUM_PATH;
  for (const p of ['/usr/bin/chromium', '/usr/bin/chromium-browser']) if (existsSync(p)) return p;
  const { default: sparticuz } = await import('@sparticuz/chromium');
  return sparticuz.executablePath();
}

export async function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: await executablePath(),
    headless: true,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--disable-dev-shm-usage',
    ],
  });
}

export const DESKTOP = { width: 1440, height: 900 };
export const PHONE = { width: 390, height: 844 };

/** Saves a full-page screenshot under e2e/artifacts/<journey>/<name>.png. */
export async function screenshot(page: Page, journey: string, name: string): Promise<void> {
  const dir = join(artifactsDir, journey);
  mkdirSync(dir, { recursive: true });
  await page.screenshot({ path: join(dir, `${name}.png`), fullPage: true });
}

/**
 * Records the page's layout shifts from its next navigation on (call before `goto`); the answer
 * reads the values seen so far.
 */
export async function watchLayoutShifts(page: Page): Promise<() => Promise<number[]>> {
  await page.addInitScript(() => {
    const shifts: number[] = [];
    (window as unknown as { shifts: number[] }).shifts = shifts;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) shifts.push((entry as unknown as { value: number }).value);
    }).observe({ type: 'layout-shift', buffered: true });
  });
  return () => page.evaluate(() => (window as unknown as { shifts: number[] }).shifts);
}

/** Collects console errors and CSP violations so a journey can assert the page ran clean. */
export function watchConsole(page: Page): string[] {
  const problems: string[] = [];
  page.on('console', (msg) => {
    if (msg.type() !== 'error') return;
    // A failed request's message names only its status: its URL lets a journey allow that one request.
    const url = msg.location().url;
    problems.push(msg.text().startsWith('Failed to load resource') && url ? `${msg.text()} ${url}` : msg.text());
  });
  page.on('pageerror', (err) => problems.push(err.message));
  return problems;
}
