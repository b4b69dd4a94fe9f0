import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DESKTOP } from '../browser.ts';
import { startFakeSentry } from './fake-sentry.ts';
import { type OwnServer, startOwnServer } from './own-server.ts';
import { signUp } from './sign-up.ts';

let own: OwnServer;
let sentry: Awaited<ReturnType<typeof startFakeSentry>>;

beforeAll(async () => {
  sentry = await startFakeSentry();
  own = await startOwnServer({ SEED_DEMO: 'false', JOBS: 'false', SENTRY_DSN: sentry.dsn, APP_VERSION: '3.1.0' });
});
afterAll(async () => {
  await own?.stop();
  await sentry?.close();
});

describe('browser error tracking', () => {
  it('reports an error thrown on a signed-out page', async () => {
    const context = await own.browser.newContext({ viewport: DESKTOP });
    const page = await context.newPage();
    await page.goto(`${own.server.url}/login?email=someone%40example.com`);
    await page.getByRole('button', { name: 'Log in' }).waitFor();
    await page.waitForFunction(() => Boolean((globalThis as { __SENTRY__?: unknown }).__SENTRY__));
    await page.evaluate(() => {
      setTimeout(() => {
        throw new Error('boom while signed out');
      }, 0);
    });
    await expect
      .poll(() => sentry.events.map((e) => e.exception?.values?.[0]?.value), { timeout: 15_000 })
      .toContain('boom while signed out');
    const event = sentry.events.find((e) => e.exception?.values?.[0]?.value === 'boom while signed out');
    expect(event?.request?.url).toBe(`${own.server.url}/login`);
    expect(JSON.stringify(event)).not.toContain('someone');
    await context.close();
  });

  it('reports an unhandled error of a signed-in page without personal data', async () => {
    const context = await own.browser.newContext({ viewport: DESKTOP });
    const page = await context.newPage();
    const cspViolations: string[] = [];
    page.on('console', (msg) => {
      if (/Content Security Policy/.test(msg.text())) cspViolations.push(msg.text());
    });
    await signUp(page, own.server.url, own.mail, 'someone@example.com');
    await page.goto(`${own.server.url}/onboarding/step1?email=someone%40example.com`);
    await page.waitForFunction(() => Boolean((globalThis as { __SENTRY__?: unknown }).__SENTRY__));
    await page.evaluate(() => {
      setTimeout(() => {
        throw new Error('boom from the browser');
      }, 0);
    });
    await expect
      .poll(() => sentry.events.map((e) => e.exception?.values?.[0]?.value), { timeout: 15_000 })
      .toContain('boom from the browser');
    const event = sentry.events.find((e) => e.exception?.values?.[0]?.value === 'boom from the browser');
    expect(event?.environment).toBe('production');
    expect(event?.release).toMatch(/^3\.1\.0(\+[0-9a-f]{7})?$/);
    expect(event?.user).toBeUndefined();
    expect(event?.request?.url).toBe(`${own.server.url}/onboarding/step1`);
    expect(JSON.stringify(event)).not.toContain('someone');
    expect(cspViolations).toEqual([]);
    await context.close();
  });
});
