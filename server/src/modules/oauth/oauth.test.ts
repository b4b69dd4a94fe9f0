import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { client, createTestApp, TEST_ORIGIN, type TestApp } from '../../../test/app.ts';
import { serviceByProvider } from '../../../test/factories/integrations.ts';
import { signedInManager } from '../../../test/factories.ts';
import { type FakeSlack, startFakeSlack } from '../../../test/fakes/slack.ts';
import { waitUntil } from '../../../test/fakes/wait-for.ts';
import { activityBlocks, people, personIntegrations } from '../../db/schema/activity.ts';
import { integrationRuns, integrations } from '../../db/schema/integrations.ts';
import { oauthStates } from '../../db/schema/oauth.ts';

let t: TestApp;
let slack: FakeSlack;

beforeAll(async () => {
  slack = await startFakeSlack({ team: { id: 'T42', name: 'Acme Workspace' } });
  slack.members.push(
    { id: 'U001', name: 'Ada Lovelace', email: 'ada@acme.test', tz: 'Europe/London' },
    { id: 'U002', name: 'Grace Hopper', email: 'grace@acme.test', tz: 'America/New_York' },
    { id: 'UBOT', name: 'Build Bot', is_bot: true },
  );
  slack.presence.set('U001', 'active');
  t = await createTestApp({
    SLACK_CLIENT_ID: slack.clientId,
    SLACK_CLIENT_SECRET: slack.clientSecret,
    SLACK_API_URL: slack.apiUrl,
    SLACK_AUTHORIZE_URL: slack.authorizeUrl,
  });
});
afterAll(async () => {
  await t.close();
  await slack.close();
});

async function managerWithSlack() {
  const m = await signedInManager(t.db);
  const call = client(t.app, m.cookie);
  const service = await serviceByProvider(t.db, 'slack');
  const created = await call({
    method: 'POST',
    url: '/api/v1/integrations',
    body: { serviceId: service.id, kind: 'presence', name: 'Slack Workspace' },
  });
  expect(created.statusCode).toBe(201);
  return { ...m, call, integrationId: created.json().id as string };
}

/** auth-url, then the fake Slack's authorize as a consenting user: the callback query Slack sends back. */
async function authorize(call: ReturnType<typeof client>, integrationId: string) {
  const res = await call({ method: 'POST', url: '/api/v1/integrations/slack/auth-url', body: { integrationId } });
  expect(res.statusCode).toBe(200);
  const url = new URL(res.json().url);
  const consent = await fetch(url, { redirect: 'manual' });
  const back = new URL(consent.headers.get('location') ?? '');
  return { url, back };
}

const callback = (call: ReturnType<typeof client>, query: string) =>
  call({ method: 'GET', url: `/api/v1/integrations/oauth/slack/callback?${query}` });

/** The first poll a successful callback starts has finished (so it never outlives the test). */
async function firstPollDone(integrationId: string) {
  await waitUntil(async () => {
    const runs = await t.db.select().from(integrationRuns).where(eq(integrationRuns.integrationId, integrationId));
    return runs.length > 0 && runs.every((r) => r.status !== 'running');
  }, 'the first poll');
}

async function integrationRow(id: string) {
  const [row] = await t.db.select().from(integrations).where(eq(integrations.id, id));
  return row;
}

describe('Slack OAuth end to end', () => {
  it('auth-url -> authorize -> callback stores the tokens encrypted, connects, and the first poll brings unassigned people with blocks', async () => {
    const { call, integrationId, account } = await managerWithSlack();
    const before = await call({ method: 'GET', url: `/api/v1/integrations/${integrationId}` });
    expect(before.json()).toMatchObject({
      connected: false,
      maskedSecrets: {},
      oauth: { provider: 'slack', configured: true, needsReauthorization: false },
      connectionError: null,
    });

    const { url, back } = await authorize(call, integrationId);
    expect(url.origin + url.pathname).toBe(slack.authorizeUrl);
    expect(url.searchParams.get('client_id')).toBe(slack.clientId);
    expect(url.searchParams.get('redirect_uri')).toBe(`${TEST_ORIGIN}/api/v1/integrations/oauth/slack/callback`);
    expect(url.searchParams.get('scope')).toBe('users:read,users:read.email,team:read');
    expect(back.origin + back.pathname).toBe(`${TEST_ORIGIN}/api/v1/integrations/oauth/slack/callback`);

    const res = await callback(call, back.searchParams.toString());
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe(
      `/integrations/slack/callback?success=true&integrationId=${integrationId}&teamName=Acme+Workspace`,
    );

    const row = await integrationRow(integrationId);
    expect(row?.status).toBe('active');
    expect(row?.config).toMatchObject({
      team_id: 'T42',
      team_name: 'Acme Workspace',
      bot_user_id: 'UBOT0001',
      scope: 'users:read,users:read.email,team:read',
    });
    expect(JSON.stringify(row?.config)).not.toContain('xoxb');
    const stored = t.deps.secrets.decryptJson<Record<string, string>>(row?.secretsEncrypted ?? '');
    expect(stored.access_token).toMatch(/^xoxb-/);
    expect(row?.secretsEncrypted).not.toContain('xoxb');

    const detail = await call({ method: 'GET', url: `/api/v1/integrations/${integrationId}` });
    expect(detail.json().connected).toBe(true);
    expect(detail.json().maskedSecrets).toEqual({ access_token: `••••${stored.access_token?.slice(-4)}` });
    expect(detail.body).not.toContain(stored.access_token);

    const finishedRuns = async () =>
      t.db.select().from(integrationRuns).where(eq(integrationRuns.integrationId, integrationId));
    await waitUntil(async () => (await finishedRuns()).some((r) => r.status !== 'running'), 'the first poll');
    const runs = await finishedRuns();
    expect(runs.map((r) => [r.status, r.peopleFound, r.errorMessage])).toEqual([['success', 2, null]]);

    const found = await t.db
      .select({
        name: people.name,
        status: people.status,
        email: people.email,
        externalId: personIntegrations.externalId,
        details: personIntegrations.metadata,
      })
      .from(personIntegrations)
      .innerJoin(people, eq(people.id, personIntegrations.personId))
      .where(eq(personIntegrations.integrationId, integrationId))
      .orderBy(personIntegrations.externalId);
    expect(found).toEqual([
      {
        name: 'Ada Lovelace',
        status: 'unassigned',
        email: 'ada@acme.test',
        externalId: 'U001',
        details: { displayName: 'Ada Lovelace', email: 'ada@acme.test' },
      },
      {
        name: 'Grace Hopper',
        status: 'unassigned',
        email: 'grace@acme.test',
        externalId: 'U002',
        details: { displayName: 'Grace Hopper', email: 'grace@acme.test' },
      },
    ]);
    const blocks = await t.db
      .select({ personIntegrationId: activityBlocks.personIntegrationId, endTime: activityBlocks.endTime })
      .from(activityBlocks)
      .where(and(eq(activityBlocks.integrationId, integrationId), eq(activityBlocks.accountId, account.id)));
    expect(blocks).toHaveLength(1);
    expect(blocks[0]?.endTime).toBeNull();
  });
});

describe('OAuth callback refusals change nothing', () => {
  const page = (query: string) => `/integrations/slack/callback?${query}`;

  it('a reused state, a missing code, a state of another session and an expired state redirect with their code', async () => {
    const { call, integrationId, user } = await managerWithSlack();
    const { back } = await authorize(call, integrationId);
    const ok = await callback(call, back.searchParams.toString());
    expect(ok.headers.location).toContain('success=true');
    await firstPollDone(integrationId);
    const connected = await integrationRow(integrationId);

    const reused = await callback(call, back.searchParams.toString());
    expect(reused.headers.location).toBe(page('success=false&error=invalid_state'));

    const fresh = await authorize(call, integrationId);
    const noCode = await callback(call, `state=${fresh.back.searchParams.get('state')}`);
    expect(noCode.headers.location).toBe(page('success=false&error=missing_parameters'));
    expect((await callback(call, 'code=abc')).headers.location).toBe(page('success=false&error=missing_parameters'));

    const other = await signedInManager(t.db);
    const stranger = client(t.app, other.cookie);
    const foreign = await authorize(call, integrationId);
    const res = await callback(stranger, foreign.back.searchParams.toString());
    expect(res.headers.location).toBe(page('success=false&error=invalid_state'));
    const signedOut = await callback(client(t.app), foreign.back.searchParams.toString());
    expect(signedOut.headers.location).toBe(page('success=false&error=invalid_state'));

    const late = await authorize(call, integrationId);
    await t.db
      .update(oauthStates)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(oauthStates.userId, user.id));
    const expired = await callback(call, late.back.searchParams.toString());
    expect(expired.headers.location).toBe(page(`success=false&integrationId=${integrationId}&error=invalid_state`));

    const after = await integrationRow(integrationId);
    expect(after?.secretsEncrypted).toBe(connected?.secretsEncrypted);
    expect(after?.config).toEqual(connected?.config);
  });

  it("passes the provider's own refusal through and keeps the integration unconnected", async () => {
    const { call, integrationId } = await managerWithSlack();
    slack.denyNextAuthorization();
    const { back } = await authorize(call, integrationId);
    expect(back.searchParams.get('error')).toBe('access_denied');
    const res = await callback(call, back.searchParams.toString());
    expect(res.headers.location).toBe(page(`success=false&integrationId=${integrationId}&error=access_denied`));
    expect((await integrationRow(integrationId))?.secretsEncrypted).toBeNull();
  });

  it('a deleted integration is integration_not_found; a failed code exchange is internal_server_error', async () => {
    const { call, integrationId } = await managerWithSlack();
    const first = await authorize(call, integrationId);
    const forged = new URLSearchParams(first.back.searchParams);
    forged.set('code', 'not-a-code');
    const failed = await callback(call, forged.toString());
    expect(failed.headers.location).toBe(
      page(`success=false&integrationId=${integrationId}&error=internal_server_error`),
    );
    expect((await integrationRow(integrationId))?.secretsEncrypted).toBeNull();

    const second = await authorize(call, integrationId);
    await t.db.update(integrations).set({ archivedAt: new Date() }).where(eq(integrations.id, integrationId));
    const gone = await callback(call, second.back.searchParams.toString());
    expect(gone.headers.location).toBe(
      page(`success=false&integrationId=${integrationId}&error=integration_not_found`),
    );
  });

  it('an unknown provider in the callback path is invalid_integration_type', async () => {
    const res = await client(t.app)({
      method: 'GET',
      url: '/api/v1/integrations/oauth/myspace/callback?code=a&state=b',
    });
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe('/integrations/myspace/callback?success=false&error=invalid_integration_type');
  });
});

describe('POST /api/v1/integrations/{provider}/auth-url', () => {
  it('refuses bad input with 400 naming the field, another account with 404, and members with 403', async () => {
    const { call, integrationId, account } = await managerWithSlack();
    const bad = await call({
      method: 'POST',
      url: '/api/v1/integrations/slack/auth-url',
      body: { integrationId: 'x' },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().details).toEqual([expect.objectContaining({ field: 'integrationId' })]);

    const wrongType = await call({
      method: 'POST',
      url: '/api/v1/integrations/microsoft/auth-url',
      body: { integrationId },
    });
    expect(wrongType.statusCode).toBe(400);
    expect(wrongType.json().message).toBe('integrationId: is not a Microsoft integration');

    const other = await signedInManager(t.db);
    const foreign = await client(
      t.app,
      other.cookie,
    )({ method: 'POST', url: '/api/v1/integrations/slack/auth-url', body: { integrationId } });
    expect(foreign.statusCode).toBe(404);

    const { createUser, sessionCookie } = await import('../../../test/factories.ts');
    const member = await createUser(t.db, account.id, { role: 'user' });
    const asMember = client(t.app, await sessionCookie(t.db, member.id));
    const refused = await asMember({
      method: 'POST',
      url: '/api/v1/integrations/slack/auth-url',
      body: { integrationId },
    });
    expect(refused.statusCode).toBe(403);
    expect(await t.db.select().from(oauthStates).where(eq(oauthStates.userId, member.id))).toEqual([]);
  });

  it('answers 503 naming the service while the server has no client credentials for it', async () => {
    const m = await signedInManager(t.db);
    const call = client(t.app, m.cookie);
    const teams = await serviceByProvider(t.db, 'microsoft');
    const created = await call({
      method: 'POST',
      url: '/api/v1/integrations',
      body: { serviceId: teams.id, kind: 'presence', name: 'Teams' },
    });
    const res = await call({
      method: 'POST',
      url: '/api/v1/integrations/microsoft/auth-url',
      body: { integrationId: created.json().id },
    });
    expect(res.statusCode).toBe(503);
    expect(res.json().message).toBe('Microsoft Teams sign-in is not configured on this server.');
  });

  it('onboarding connect-oauth authorizes the newest Slack integration and the return page goes on to step 2', async () => {
    const m = await signedInManager(t.db, { onboardingCompleted: false });
    const call = client(t.app, m.cookie);
    const service = await serviceByProvider(t.db, 'slack');
    const selected = await call({
      method: 'POST',
      url: '/api/v1/onboarding/select-chat-app',
      body: { serviceId: service.id, provider: 'slack' },
    });
    expect(selected.statusCode).toBe(200);
    const integrationId = selected.json().integration.id as string;
    const started = await call({
      method: 'POST',
      url: '/api/v1/onboarding/connect-oauth',
      body: { provider: 'slack' },
    });
    expect(started.statusCode).toBe(200);
    const consent = await fetch(started.json().authUrl, { redirect: 'manual' });
    const back = new URL(consent.headers.get('location') ?? '');
    const res = await callback(call, back.searchParams.toString());
    expect(res.headers.location).toBe(
      `/integrations/slack/callback?success=true&integrationId=${integrationId}&teamName=Acme+Workspace&onboarding=true`,
    );
    await firstPollDone(integrationId);
  });
});
