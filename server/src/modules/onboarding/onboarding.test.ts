import { execFileSync } from 'node:child_process';
import { presencePushBody } from '@overlap/contract/ingest';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { client, TEST_ORIGIN, useTestApp } from '../../../test/app.ts';
import {
  bearer,
  createPushIntegration,
  disabledChatService,
  serviceByProvider,
} from '../../../test/factories/integrations.ts';
import { createUser, sessionCookie, signedInManager } from '../../../test/factories.ts';
import { accounts } from '../../db/schema/accounts.ts';
import { integrations } from '../../db/schema/integrations.ts';

const t = useTestApp();

const paths = {
  state: '/api/v1/onboarding/state',
  chatApps: '/api/v1/onboarding/available-chat-apps',
  select: '/api/v1/onboarding/select-chat-app',
  status: (id: string) => `/api/v1/onboarding/integration-status/${id}`,
  connect: '/api/v1/onboarding/connect-oauth',
  custom: '/api/v1/onboarding/custom-chat-app',
  complete: '/api/v1/onboarding/complete',
};

/** A manager of a brand-new account, still in the wizard (as signup leaves it). */
async function onboardingManager(plan = 'free') {
  const m = await signedInManager(t.db, { onboardingCompleted: false, plan });
  return { ...m, call: client(t.app, m.cookie) };
}

async function accountRow(id: string) {
  const [row] = await t.db.select().from(accounts).where(eq(accounts.id, id));
  return row;
}

/** Runs the curl command in bash with a stand-in curl that prints its arguments, one per line. */
function curlArguments(command: string): string[] {
  const script = `curl() { for arg in "$@"; do printf '%s\\0' "$arg"; done; }\n${command}`;
  return execFileSync('bash', ['-c', script], { encoding: 'utf8' }).split('\0').slice(0, -1);
}

describe('GET /api/v1/onboarding/state', () => {
  it('says a new account needs the wizard, and no longer once completed', async () => {
    const { account, call } = await onboardingManager();
    const before = await call({ method: 'GET', url: paths.state });
    expect(before.statusCode).toBe(200);
    expect(before.json()).toEqual({
      onboarding: { completed: false, nextAction: 'onboarding' },
      account: { integrations: [], plan: 'free' },
    });

    const { integration } = await createPushIntegration(t.deps, account.id);
    await createPushIntegration(t.deps, account.id, { archivedAt: new Date(), name: 'Old one' });
    const done = await call({ method: 'POST', url: paths.complete });
    expect(done.statusCode).toBe(200);
    expect(done.json()).toEqual({ success: true, onboarding: { completed: true, nextAction: 'none' } });

    const after = await call({ method: 'GET', url: paths.state });
    expect(after.json()).toEqual({
      onboarding: { completed: true, nextAction: 'none' },
      account: {
        integrations: [
          {
            id: integration.id,
            name: 'Custom Integration',
            status: 'active',
            provider: 'custom',
            isActivated: false,
            createdAt: integration.createdAt.toISOString(),
          },
        ],
        plan: 'free',
      },
    });
  });

  it('answers any member, and 401 without a session', async () => {
    const { account } = await onboardingManager();
    const member = await createUser(t.db, account.id, { role: 'user' });
    const res = await client(t.app, await sessionCookie(t.db, member.id))({ method: 'GET', url: paths.state });
    expect(res.statusCode).toBe(200);
    expect(res.json().onboarding.nextAction).toBe('onboarding');
    expect((await client(t.app)({ method: 'GET', url: paths.state })).statusCode).toBe(401);
  });
});

describe('POST /api/v1/onboarding/complete', () => {
  it('activates a pending account once and stays idempotent', async () => {
    const { account, call } = await onboardingManager();
    await t.db.update(accounts).set({ status: 'pending', activatedAt: null }).where(eq(accounts.id, account.id));
    expect((await call({ method: 'POST', url: paths.complete })).statusCode).toBe(200);
    const first = await accountRow(account.id);
    expect(first).toMatchObject({ status: 'active', onboardingCompleted: true, onboardingNextAction: 'none' });
    expect(first?.activatedAt).toBeInstanceOf(Date);
    expect(first?.onboardingCompletedAt).toBeInstanceOf(Date);

    const again = await call({ method: 'POST', url: paths.complete });
    expect(again.statusCode).toBe(200);
    const second = await accountRow(account.id);
    expect(second?.activatedAt).toEqual(first?.activatedAt);
    expect(second?.onboardingCompletedAt).toEqual(first?.onboardingCompletedAt);
  });

  it('is for managers only and leaves a suspended account alone', async () => {
    const { account } = await onboardingManager();
    const member = await createUser(t.db, account.id, { role: 'user' });
    const asMember = client(t.app, await sessionCookie(t.db, member.id));
    const refused = await asMember({ method: 'POST', url: paths.complete });
    expect(refused.statusCode).toBe(403);
    expect((await accountRow(account.id))?.onboardingCompleted).toBe(false);

    const suspended = await signedInManager(t.db, { status: 'suspended', onboardingCompleted: false });
    const res = await client(t.app, suspended.cookie)({ method: 'POST', url: paths.complete });
    expect(res.statusCode).toBe(403);
    expect(res.json().code).toBe('ACCOUNT_SUSPENDED');
  });
});

describe('GET /api/v1/onboarding/available-chat-apps', () => {
  it('lists the enabled chat apps in catalogue order, with auth types and availability', async () => {
    const { call } = await onboardingManager();
    const res = await call({ method: 'GET', url: paths.chatApps });
    expect(res.statusCode).toBe(200);
    const apps = res.json().chatApps as { provider: string }[];
    // Demo first; Google and the code hosts are not chat apps.
    expect(apps.map((a) => a.provider)).toEqual(['demo', 'slack', 'microsoft', 'mattermost', 'discord', 'custom']);
    const byProvider = Object.fromEntries(apps.map((a) => [a.provider, a]));
    expect(byProvider.slack).toMatchObject({
      name: 'Slack',
      authType: 'oauth',
      available: false,
      unavailableReason: 'Slack sign-in is not configured on this server.',
      tokenAuthentication: false,
    });
    expect(byProvider.microsoft).toMatchObject({
      authType: 'oauth',
      available: false,
      unavailableReason: 'Microsoft Teams sign-in is not configured on this server.',
    });
    expect(byProvider.discord).toMatchObject({
      authType: 'oauth',
      available: false,
      unavailableReason: 'Discord sign-in is not configured on this server.',
    });
    expect(byProvider.mattermost).toMatchObject({ authType: 'token', available: true, unavailableReason: null });
    expect(byProvider.demo).toMatchObject({ authType: 'none', available: true, tokenAuthentication: false });
    // Custom integrations come with the Business plan.
    expect(byProvider.custom).toMatchObject({
      authType: 'token',
      available: false,
      unavailableReason: 'Custom integrations come with the Business plan',
      tokenAuthentication: true,
    });
    const custom = await serviceByProvider(t.db, 'custom');
    expect(byProvider.custom).toMatchObject({ id: custom.id, description: custom.description });
    const business = await onboardingManager('business');
    const offered = (await business.call({ method: 'GET', url: paths.chatApps })).json().chatApps as {
      provider: string;
    }[];
    expect(offered.find((a) => a.provider === 'custom')).toMatchObject({ available: true, unavailableReason: null });
  });

  it('refuses a custom chat app on a plan without custom integrations', async () => {
    const { account, call } = await onboardingManager();
    const custom = await serviceByProvider(t.db, 'custom');
    const res = await call({ method: 'POST', url: paths.select, body: { serviceId: custom.id, provider: 'custom' } });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({
      code: 'UPGRADE_REQUIRED',
      message: 'Custom integrations come with the Business plan',
    });
    expect(await t.db.select().from(integrations).where(eq(integrations.accountId, account.id))).toHaveLength(0);
  });
});

describe('POST /api/v1/onboarding/select-chat-app', () => {
  it('creates a custom integration with its key and a working curl command, then answers it again', async () => {
    const { account, call } = await onboardingManager('business');
    const custom = await serviceByProvider(t.db, 'custom');
    const first = await call({ method: 'POST', url: paths.select, body: { serviceId: custom.id, provider: 'custom' } });
    expect(first.statusCode).toBe(200);
    const body = first.json();
    expect(body.message).toBe('Integration created');
    expect(body.apiKey).toMatch(/^ovl_/);
    expect(body.integration).toEqual({ id: expect.any(String), status: 'active', apiKey: body.apiKey });

    const args = curlArguments(body.curlCommand);
    expect(args.slice(0, 3)).toEqual(['-X', 'POST', `${TEST_ORIGIN}/api/v1/presence`]);
    expect(args).toContain(`Authorization: Bearer ${body.apiKey}`);
    const sample = JSON.parse(args[args.indexOf('-d') + 1] as string);
    expect(presencePushBody.safeParse(sample).success).toBe(true);

    const second = await call({
      method: 'POST',
      url: paths.select,
      body: { serviceId: custom.id, provider: 'custom' },
    });
    expect(second.json()).toEqual({ ...body, message: 'Integration already exists' });
    const rows = await t.db.select().from(integrations).where(eq(integrations.accountId, account.id));
    expect(rows).toHaveLength(1);

    // The status the wizard polls turns activated once the command's sample arrives.
    const status = paths.status(body.integration.id);
    expect((await call({ method: 'GET', url: status })).json().integration).toEqual({
      id: body.integration.id,
      status: 'active',
      isActivated: false,
      lastConnectedAt: null,
    });
    const pushed = await client(t.app)({
      method: 'POST',
      url: '/api/v1/presence',
      headers: bearer(body.apiKey),
      body: sample,
    });
    expect(pushed.statusCode).toBe(200);
    await t.deps.presence.settled();
    const activated = (await call({ method: 'GET', url: status })).json().integration;
    expect(activated.isActivated).toBe(true);
    expect(Date.now() - Date.parse(activated.lastConnectedAt)).toBeLessThan(60_000);
    const state = (await call({ method: 'GET', url: paths.state })).json();
    expect(state.account.integrations).toEqual([expect.objectContaining({ provider: 'custom', isActivated: true })]);
  });

  it('creates the demo integration, which connects with its background backfill', async () => {
    const { call } = await onboardingManager();
    const demo = await serviceByProvider(t.db, 'demo');
    const res = await call({ method: 'POST', url: paths.select, body: { serviceId: demo.id, provider: 'demo' } });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      integration: { id: expect.any(String), status: 'active', apiKey: null },
      message: 'Integration created',
      apiKey: null,
      curlCommand: null,
    });
    // Wait for the backfill, so the app does not close under it.
    const runsUrl = `/api/v1/integrations/${res.json().integration.id}/runs`;
    let runs: { status: string }[] = [];
    for (let i = 0; i < 600 && !runs.some((r) => r.status === 'success'); i++) {
      await new Promise((r) => setTimeout(r, 100));
      runs = (await call({ method: 'GET', url: runsUrl })).json().runs;
    }
    expect(runs).toEqual([expect.objectContaining({ status: 'success' })]);
    const status = await call({ method: 'GET', url: paths.status(res.json().integration.id) });
    expect(status.json().integration.isActivated).toBe(true);
  }, 90_000);

  it('answers an existing OAuth integration, but refuses to create one while OAuth is not configured', async () => {
    const { account, call } = await onboardingManager();
    const slack = await serviceByProvider(t.db, 'slack');
    const refused = await call({ method: 'POST', url: paths.select, body: { serviceId: slack.id, provider: 'slack' } });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe('Slack sign-in is not configured on this server.');
    expect(await t.db.select().from(integrations).where(eq(integrations.accountId, account.id))).toHaveLength(0);

    const { integration } = await createPushIntegration(t.deps, account.id, { provider: 'slack', name: 'Slack' });
    const existing = await call({
      method: 'POST',
      url: paths.select,
      body: { serviceId: slack.id, provider: 'slack' },
    });
    expect(existing.statusCode).toBe(200);
    expect(existing.json()).toMatchObject({
      integration: { id: integration.id, apiKey: null },
      message: 'Integration already exists',
      curlCommand: null,
    });
  });

  it('applies the plan rule: a free account with a chat integration must upgrade', async () => {
    const { account, call } = await onboardingManager();
    await createPushIntegration(t.deps, account.id);
    const mattermost = await serviceByProvider(t.db, 'mattermost');
    const res = await call({
      method: 'POST',
      url: paths.select,
      body: { serviceId: mattermost.id, provider: 'mattermost' },
    });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ code: 'UPGRADE_REQUIRED', message: 'Free plan allows only 1 chat integration' });
  });

  it('refuses bad input with 400 naming the field', async () => {
    const { account, call } = await onboardingManager();
    const [custom, google] = await Promise.all(['custom', 'google'].map((p) => serviceByProvider(t.db, p)));
    const disabled = await disabledChatService(t.db);
    const cases = [
      [{ serviceId: 'nope', provider: 'custom' }, 'serviceId'],
      [{ provider: 'custom' }, 'serviceId'],
      [{ serviceId: custom?.id, provider: '' }, 'provider'],
      [{ serviceId: custom?.id, provider: 'demo' }, 'provider'],
      [{ serviceId: disabled.id, provider: 'legacy-chat' }, 'serviceId'],
      [{ serviceId: google?.id, provider: 'google' }, 'serviceId'],
      [{ serviceId: '00000000-0000-4000-8000-000000000000', provider: 'custom' }, 'serviceId'],
    ] as const;
    for (const [body, field] of cases) {
      const res = await call({ method: 'POST', url: paths.select, body });
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().details, JSON.stringify(body)).toEqual([expect.objectContaining({ field })]);
    }
    expect(await t.db.select().from(integrations).where(eq(integrations.accountId, account.id))).toHaveLength(0);
  });

  it('is for managers only', async () => {
    const { account } = await onboardingManager();
    const member = await createUser(t.db, account.id, { role: 'user' });
    const custom = await serviceByProvider(t.db, 'custom');
    const res = await client(
      t.app,
      await sessionCookie(t.db, member.id),
    )({ method: 'POST', url: paths.select, body: { serviceId: custom.id, provider: 'custom' } });
    expect(res.statusCode).toBe(403);
    expect(await t.db.select().from(integrations).where(eq(integrations.accountId, account.id))).toHaveLength(0);
  });
});

describe('GET /api/v1/onboarding/integration-status/:id', () => {
  it("answers members of the account, 404 for another account's integration, 400 for a bad id", async () => {
    const { account, call } = await onboardingManager();
    const { integration } = await createPushIntegration(t.deps, account.id);
    const member = await createUser(t.db, account.id, { role: 'user' });
    const asMember = client(t.app, await sessionCookie(t.db, member.id));
    expect((await asMember({ method: 'GET', url: paths.status(integration.id) })).statusCode).toBe(200);

    const other = await signedInManager(t.db);
    const foreign = await client(t.app, other.cookie)({ method: 'GET', url: paths.status(integration.id) });
    expect(foreign.statusCode).toBe(404);
    const bad = await call({ method: 'GET', url: paths.status('not-an-id') });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().details).toEqual([expect.objectContaining({ field: 'id' })]);
  });
});

describe('POST /api/v1/onboarding/connect-oauth', () => {
  it('answers 503 for OAuth apps without client credentials and 400 for anything else', async () => {
    const { call } = await onboardingManager();
    const slack = await call({ method: 'POST', url: paths.connect, body: { provider: 'slack' } });
    expect(slack.statusCode).toBe(503);
    expect(slack.json().message).toBe('Slack sign-in is not configured on this server.');
    const teams = await call({ method: 'POST', url: paths.connect, body: { provider: 'microsoft' } });
    expect(teams.json().message).toBe('Microsoft Teams sign-in is not configured on this server.');

    const discord = await call({ method: 'POST', url: paths.connect, body: { provider: 'discord' } });
    expect(discord.json().message).toBe('Discord sign-in is not configured on this server.');

    for (const body of [{ provider: 'custom' }, { provider: 'demo' }, { provider: 'google' }, {}, { provider: 7 }]) {
      const res = await call({ method: 'POST', url: paths.connect, body });
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().details).toEqual([expect.objectContaining({ field: 'provider' })]);
    }
  });

  it('is for managers only', async () => {
    const { account } = await onboardingManager();
    const member = await createUser(t.db, account.id, { role: 'user' });
    const res = await client(
      t.app,
      await sessionCookie(t.db, member.id),
    )({ method: 'POST', url: paths.connect, body: { provider: 'slack' } });
    expect(res.statusCode).toBe(403);
  });
});

describe('POST /api/v1/onboarding/custom-chat-app', () => {
  it('adds the name to requestedIntegrations once, keeping the other signup data', async () => {
    const { account, call } = await onboardingManager();
    await t.db
      .update(accounts)
      .set({
        signupData: { signupSource: 'web_form', requestedIntegrations: ['slack'], survey: { teamName: 'Rocket' } },
      })
      .where(eq(accounts.id, account.id));
    const member = await createUser(t.db, account.id, { role: 'user' });
    const asMember = client(t.app, await sessionCookie(t.db, member.id));

    const res = await call({ method: 'POST', url: paths.custom, body: { customChatApp: '  Rocket.Chat ' } });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true });
    await asMember({ method: 'POST', url: paths.custom, body: { customChatApp: 'rocket.chat' } });
    await asMember({ method: 'POST', url: paths.custom, body: { customChatApp: 'Zulip' } });
    expect((await accountRow(account.id))?.signupData).toEqual({
      signupSource: 'web_form',
      requestedIntegrations: ['slack', 'Rocket.Chat', 'Zulip'],
      survey: { teamName: 'Rocket' },
    });
  });

  it('gives an account without signup data a source, and refuses bad names', async () => {
    const { account, call } = await onboardingManager();
    await call({ method: 'POST', url: paths.custom, body: { customChatApp: 'Mattermost' } });
    expect((await accountRow(account.id))?.signupData).toEqual({
      signupSource: 'api',
      requestedIntegrations: ['Mattermost'],
    });
    for (const body of [{ customChatApp: '   ' }, { customChatApp: 'x'.repeat(61) }, {}, { customChatApp: 3 }]) {
      const res = await call({ method: 'POST', url: paths.custom, body });
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().details).toEqual([expect.objectContaining({ field: 'customChatApp' })]);
    }
    expect((await accountRow(account.id))?.signupData?.requestedIntegrations).toEqual(['Mattermost']);
  });
});
