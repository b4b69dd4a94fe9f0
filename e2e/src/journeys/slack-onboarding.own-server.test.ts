import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FakeSlack, startFakeSlack } from '../../../server/test/fakes/slack.ts';
import { seriousViolations } from '../axe.ts';
import { DESKTOP, PHONE, screenshot, watchConsole } from '../browser.ts';
import type { StartedServer } from '../server.ts';
import { type MailCatcher, type OwnServer, startOwnServer } from './own-server.ts';
import { signUp } from './sign-up.ts';

let own: OwnServer;
let browser: Browser;
let server: StartedServer;
let mail: MailCatcher;
let slack: FakeSlack;

beforeAll(async () => {
  slack = await startFakeSlack({ team: { id: 'T0LANTERN', name: 'Lanterns HQ' } });
  slack.members.push(
    { id: 'U01ADA', name: 'Ada Lovelace', email: 'ada@lanterns.io', tz: 'Europe/London' },
    { id: 'U02LIN', name: 'Linus Pauling', email: 'linus@lanterns.io', tz: 'America/Los_Angeles' },
  );
  slack.presence.set('U01ADA', 'active');
  own = await startOwnServer({
    SEED_DEMO: 'false',
    JOBS: 'false',
    SLACK_CLIENT_ID: slack.clientId,
    SLACK_CLIENT_SECRET: slack.clientSecret,
    SLACK_API_URL: slack.apiUrl,
    SLACK_AUTHORIZE_URL: slack.authorizeUrl,
  });
  ({ browser, server, mail } = own);
});
afterAll(async () => {
  await own?.stop();
  await slack?.close();
});

const card = (page: Page, name: string | RegExp) =>
  page.getByRole('list', { name: 'Chat apps' }).getByRole('button', { name });

async function shoot(page: Page, name: string) {
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.waitForTimeout(150);
  await screenshot(page, 'slack-onboarding', name);
}

describe('connecting Slack during onboarding', () => {
  it('authorizes at Slack, returns through the callback page to step 2, and the team appears as unassigned people', async () => {
    const context = await browser.newContext({ viewport: DESKTOP });
    const page = await context.newPage();
    const problems = watchConsole(page);
    await signUp(page, server.url, mail, `slack-${Date.now()}@lanterns.io`);

    await page.getByRole('heading', { name: 'Choose Your Integration App' }).waitFor();
    const names = await page.getByRole('list', { name: 'Chat apps' }).getByRole('button').allTextContents();
    expect(names[0]).toMatch(/^Demo Data/);
    await card(page, /^Slack/).click();
    const connect = page.getByRole('button', { name: 'Connect Slack' });
    await connect.waitFor();
    await shoot(page, 'step1-slack-desktop');
    expect(await seriousViolations(page)).toEqual([]);

    await connect.click();
    await page.waitForURL(/\/integrations\/slack\/callback\?success=true/);
    await page.getByRole('heading', { name: 'Slack connected' }).waitFor();
    await page.getByText('Lanterns HQ').waitFor();
    await shoot(page, 'callback-success-desktop');
    expect(await seriousViolations(page)).toEqual([]);

    await page.waitForURL(/\/onboarding\/step2$/, { timeout: 10_000 });
    await page.getByRole('heading', { name: 'Choose Your Plan' }).waitFor();

    const people = await page.evaluate(async () => {
      for (let i = 0; i < 100; i++) {
        const body = (await (await fetch('/api/v1/unassigned?page=1&limit=100')).json()) as {
          users?: { name: string }[];
        };
        if ((body.users ?? []).length === 2) return body.users?.map((u) => u.name).sort();
        await new Promise((r) => setTimeout(r, 200));
      }
      return null;
    });
    expect(people).toEqual(['Ada Lovelace', 'Linus Pauling']);

    // After the plan step, the integration's Setup tab shows the connected workspace and masked token.
    await page.getByRole('button', { name: 'Start with Free' }).click();
    await page.waitForURL(/\/onboarding\/success/);
    await page.getByRole('button', { name: 'Go to Dashboard Now' }).click();
    await page.waitForURL((u) => u.pathname === '/', { timeout: 10_000 });
    const integrationId = await page.evaluate(async () => {
      const body = (await (await fetch('/api/v1/integrations')).json()) as {
        integrations: { id: string; provider: string }[];
      };
      return body.integrations.find((i) => i.provider === 'slack')?.id ?? '';
    });
    await page.goto(`${server.url}/integrations/${integrationId}`);
    await page.getByText('Connected to Lanterns HQ').waitFor();
    expect(await page.getByTestId('masked-token').textContent()).toMatch(/^••••.{4}$/);
    await page.getByRole('button', { name: 'Re-authorize' }).waitFor();
    await shoot(page, 'setup-connected-desktop');
    expect(await seriousViolations(page)).toEqual([]);
    await page.setViewportSize(PHONE);
    await page.getByText('Connected to Lanterns HQ').scrollIntoViewIfNeeded();
    await screenshot(page, 'slack-onboarding', 'setup-connected-phone');
    // The only console noise is the session check's 401 before sign-up.
    expect(problems.filter((p) => !/status of 401/.test(p))).toEqual([]);
    await context.close();
  });

  it('shows a refused authorization with Try Again on a phone', async () => {
    const context = await browser.newContext({ viewport: PHONE });
    const page = await context.newPage();
    await signUp(page, server.url, mail, `slack-denied-${Date.now()}@lanterns.io`);
    await card(page, /^Slack/).click();
    slack.denyNextAuthorization();
    await page.getByRole('button', { name: 'Connect Slack' }).click();
    await page.waitForURL(/\/integrations\/slack\/callback\?success=false/);
    await page.getByRole('alert').getByText('Slack authorization failed: access_denied').waitFor();
    await page.getByRole('link', { name: 'Try Again' }).waitFor();
    await shoot(page, 'callback-error-phone');
    expect(await seriousViolations(page)).toEqual([]);
    await context.close();
  });
});
