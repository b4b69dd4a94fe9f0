import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FakeGithub, startFakeGithub } from '../../../server/test/fakes/github.ts';
import { seriousViolations } from '../axe.ts';
import { DESKTOP, PHONE, screenshot, watchConsole } from '../browser.ts';
import type { StartedServer } from '../server.ts';
import { type MailCatcher, type OwnServer, startOwnServer } from './own-server.ts';
import { signUp } from './sign-up.ts';

let own: OwnServer;
let browser: Browser;
let server: StartedServer;
let mail: MailCatcher;
let gh: FakeGithub;

beforeAll(async () => {
  gh = await startFakeGithub('gho_journey_token');
  gh.login = 'ada-lanterns';
  gh.orgs = [
    { login: 'lanterns', description: 'The Lanterns company' },
    { login: 'lanterns-labs', description: 'Experiments' },
  ];
  own = await startOwnServer({
    SEED_DEMO: 'false',
    JOBS: 'false',
    GITHUB_CLIENT_ID: gh.clientId,
    GITHUB_CLIENT_SECRET: gh.clientSecret,
    GITHUB_API_URL: gh.url,
    GITHUB_OAUTH_URL: gh.oauthUrl,
  });
  ({ browser, server, mail } = own);
});
afterAll(async () => {
  await own?.stop();
  await gh?.close();
});

async function shoot(page: Page, name: string) {
  await page.waitForTimeout(150);
  await screenshot(page, 'github-organisations', name);
}

/** Onboarding with demo data on the free plan, to the dashboard. */
async function onboardWithDemo(page: Page) {
  await page
    .getByRole('list', { name: 'Chat apps' })
    .getByRole('button', { name: /^Demo Data/ })
    .click();
  await page.getByRole('button', { name: 'Start with Demo Data' }).click();
  await page.getByRole('link', { name: "Done, let's go to step 2" }).click();
  await page.waitForURL(/\/onboarding\/step2$/);
  await page.getByRole('button', { name: 'Start with Free' }).click();
  await page.waitForURL(/\/onboarding\/success/);
  await page.getByRole('button', { name: 'Go to Dashboard Now' }).click();
  await page.waitForURL((u) => u.pathname === '/', { timeout: 10_000 });
}

describe('choosing GitHub organisations after Connect GitHub', () => {
  it('connects GitHub, then ticks organisations the token can see in Setup and saves them', async () => {
    const context = await browser.newContext({ viewport: DESKTOP });
    const page = await context.newPage();
    const problems = watchConsole(page);
    await signUp(page, server.url, mail, `github-${Date.now()}@lanterns.io`);
    await onboardWithDemo(page);

    const integrationId = await page.evaluate(async () => {
      const services = (await (await fetch('/api/v1/integrations/available-services')).json()) as {
        id: string;
        provider: string;
      }[];
      const github = services.find((s) => s.provider === 'github');
      const res = await fetch('/api/v1/integrations', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ serviceId: github?.id }),
      });
      return ((await res.json()) as { id: string }).id;
    });
    await page.goto(`${server.url}/integrations/${integrationId}`);
    await page.getByRole('button', { name: 'Connect GitHub' }).click();
    await page.waitForURL(/\/integrations\/github\/callback\?success=true/);
    await page.getByText('ada-lanterns').waitFor();
    await page.waitForURL(`${server.url}/integrations/${integrationId}`, { timeout: 10_000 });

    // Running after the connection: the picker shows the organisations but waits for a stop.
    const group = page.getByRole('group', { name: 'Organisations to check for missed pushes' });
    await group.getByRole('checkbox', { name: 'lanterns-labs' }).waitFor();
    expect(await group.getByRole('checkbox', { name: 'lanterns-labs' }).isDisabled()).toBe(true);
    await page.getByRole('switch', { name: 'Running: stop the integration' }).click();
    await page.getByRole('switch', { name: 'Stopped: start the integration' }).waitFor();

    await group.getByRole('checkbox', { name: 'lanterns-labs' }).check();
    await group.getByRole('checkbox', { name: 'lanterns', exact: true }).check();
    await group.scrollIntoViewIfNeeded();
    await shoot(page, 'picker-desktop');
    expect(await seriousViolations(page)).toEqual([]);
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Configuration saved').waitFor();
    const config = await page.evaluate(
      async (id) =>
        ((await (await fetch(`/api/v1/integrations/${id}`)).json()) as { config: Record<string, unknown> }).config,
      integrationId,
    );
    expect(config.organizations).toBe('lanterns, lanterns-labs');
    expect(config.team_name).toBe('ada-lanterns');

    await page.setViewportSize(PHONE);
    await group.scrollIntoViewIfNeeded();
    await shoot(page, 'picker-phone');
    expect(problems.filter((p) => !/status of 401/.test(p))).toEqual([]);
    await context.close();
  });
});
