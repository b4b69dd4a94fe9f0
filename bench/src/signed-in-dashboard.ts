import { spawnSync } from 'node:child_process';
import type { Browser } from 'playwright-core';
import { launchBrowser } from '../../e2e/src/browser.ts';
import { repoRoot, startBenchEnvironment } from './setup.ts';
import { seedDashboardTeam } from './web-data.ts';

export interface SignedInDashboard {
  browser: Browser;
  /** The server's address. */
  url: string;
  /** The manager's session cookie, as Playwright's `addCookies` takes it. */
  cookie: { name: string; value: string; url: string };
}

/**
 * Builds the web app when stale, starts the bench's database and server, seeds a manager with a
 * team of `team` active people, opens Chromium, runs `use`, then closes everything.
 */
export async function withSignedInDashboard(team: number, use: (dashboard: SignedInDashboard) => Promise<void>) {
  const build = spawnSync(process.execPath, ['scripts/web-build.mjs'], { cwd: repoRoot, stdio: 'inherit' });
  if (build.status !== 0) throw new Error('the web build failed');
  const env = await startBenchEnvironment(1);
  const browser = await launchBrowser();
  try {
    const { cookie } = await seedDashboardTeam(env.pool, team);
    const [name, value] = cookie.split('=') as [string, string];
    await use({ browser, url: env.url, cookie: { name, value, url: env.url } });
  } finally {
    await browser.close();
    await env.stop();
  }
}
