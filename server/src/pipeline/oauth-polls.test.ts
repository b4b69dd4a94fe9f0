import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { createPushIntegration } from '../../test/factories/integrations.ts';
import { createAccount } from '../../test/factories.ts';
import { type FakeMattermost, startFakeMattermost } from '../../test/fakes/mattermost.ts';
import { type FakeMicrosoft, startFakeMicrosoft } from '../../test/fakes/microsoft.ts';
import { type FakeSlack, startFakeSlack } from '../../test/fakes/slack.ts';
import { personIntegrations } from '../db/schema/activity.ts';
import { integrationRunEvents, integrationRuns, integrations } from '../db/schema/integrations.ts';
import { saveGrant } from './integration-grant.ts';
import { runIntegrationPoll } from './run-poll.ts';
import { claimDueIntegrations } from './schedule.ts';

let t: TestApp;
let slack: FakeSlack;
let ms: FakeMicrosoft;
let mm: FakeMattermost;

beforeAll(async () => {
  [slack, ms, mm] = await Promise.all([startFakeSlack(), startFakeMicrosoft(), startFakeMattermost()]);
  slack.members.push({ id: 'U1', name: 'Ada' }, { id: 'U2', name: 'Linus' });
  ms.users.push({ id: 'm-1', displayName: 'Mia', mail: 'mia@contoso.test' });
  ms.presence.set('m-1', { availability: 'Busy', activity: 'InACall' });
  mm.users.push({ id: 'mm-1', username: 'sam', first_name: 'Sam', last_name: 'Lee' });
  mm.statuses.set('mm-1', 'online');
  t = await createTestApp({
    SLACK_CLIENT_ID: slack.clientId,
    SLACK_CLIENT_SECRET: slack.clientSecret,
    SLACK_API_URL: slack.apiUrl,
    MICROSOFT_CLIENT_ID: ms.clientId,
    MICROSOFT_CLIENT_SECRET: ms.clientSecret,
    MICROSOFT_LOGIN_URL: ms.loginUrl,
    MICROSOFT_GRAPH_URL: ms.graphUrl,
  });
});
afterAll(async () => {
  await t.close();
  await Promise.all([slack.close(), ms.close(), mm.close()]);
});

async function connected(provider: string, grant: Parameters<typeof saveGrant>[3]) {
  const account = await createAccount(t.db, { plan: 'scaleup' });
  const { integration } = await createPushIntegration(t.deps, account.id, { provider, name: provider });
  await t.db.transaction((tx) => saveGrant(tx, t.deps.secrets, integration.id, grant, { connect: true }));
  return { account, integrationId: integration.id };
}

const row = async (id: string) => (await t.db.select().from(integrations).where(eq(integrations.id, id)))[0];
const lastRun = async (id: string) =>
  (
    await t.db
      .select()
      .from(integrationRuns)
      .where(eq(integrationRuns.integrationId, id))
      .orderBy(integrationRuns.startedAt)
  ).at(-1);

describe('presence polls through the connectors', () => {
  it('refreshes a Microsoft token that expires within 5 minutes before polling, and stores the new one', async () => {
    const tokens = ms.issueToken();
    const { integrationId } = await connected('microsoft', {
      access_token: tokens.accessToken,
      refresh_token: tokens.refreshToken,
      expires_at: Math.floor(Date.now() / 1000) + 60,
    });
    const outcome = await runIntegrationPoll(t.deps, integrationId);
    expect(outcome).toMatchObject({ status: 'success', peopleFound: 1 });
    const after = await row(integrationId);
    const stored = t.deps.secrets.decryptJson<Record<string, string>>(after?.secretsEncrypted ?? '');
    expect(stored.access_token).not.toBe(tokens.accessToken);
    expect(stored.refresh_token).not.toBe(tokens.refreshToken);
    expect(Number(after?.config.expires_at)).toBeGreaterThan(Math.floor(Date.now() / 1000) + 3000);
    const events = await t.db
      .select({ event: integrationRunEvents.event, details: integrationRunEvents.details })
      .from(integrationRunEvents)
      .where(eq(integrationRunEvents.runId, outcome.status === 'success' ? outcome.runId : ''));
    expect(events.map((e) => e.event)).toEqual([
      'integration_start',
      'api_call',
      'milestone',
      'api_call',
      'milestone',
      'api_call',
      'milestone',
      'person_lookup',
      'person_created',
      'integration_complete',
    ]);
    expect(events[2]?.details).toMatchObject({ step: 'access token refreshed' });
    expect(events[7]?.details).toEqual({ identities: 1, known: 0, created: 1 });
  });

  it('a revoked Slack grant fails the run in plain words, marks the integration and stops its polling', async () => {
    const { integrationId } = await connected('slack', { access_token: slack.issueToken() });
    slack.revokeAll();
    const outcome = await runIntegrationPoll(t.deps, integrationId);
    expect(outcome).toMatchObject({
      status: 'failed',
      error: 'Slack needs re-authorization: Slack answered invalid_auth',
    });
    expect(await lastRun(integrationId)).toMatchObject({
      status: 'failed',
      errorMessage: 'Slack needs re-authorization: Slack answered invalid_auth',
    });
    const after = await row(integrationId);
    expect([after?.needsReauthorization, after?.connectionError]).toEqual([
      true,
      'Slack needs re-authorization: Slack answered invalid_auth',
    ]);
    expect(await runIntegrationPoll(t.deps, integrationId)).toEqual({
      status: 'skipped',
      reason: 'needs re-authorization',
    });
    await t.db.update(integrations).set({ nextRunAt: null }).where(eq(integrations.id, integrationId));
    expect(await claimDueIntegrations(t.db)).not.toContain(integrationId);

    await t.db.transaction((tx) =>
      saveGrant(tx, t.deps.secrets, integrationId, { access_token: slack.issueToken() }, { connect: true }),
    );
    expect((await row(integrationId))?.needsReauthorization).toBe(false);
    expect(await runIntegrationPoll(t.deps, integrationId)).toMatchObject({ status: 'success', peopleFound: 2 });
  });

  it('an OAuth integration without a grant is not polled', async () => {
    const account = await createAccount(t.db, { plan: 'scaleup' });
    const { integration } = await createPushIntegration(t.deps, account.id, { provider: 'slack' });
    expect(await runIntegrationPoll(t.deps, integration.id)).toEqual({ status: 'skipped', reason: 'not connected' });
    expect(await claimDueIntegrations(t.db)).not.toContain(integration.id);
  });

  it('a failing integration backs off 1, 2, 4 ... minutes, at most 60, and recovers on success', async () => {
    const { integrationId } = await connected('microsoft', { access_token: ms.issueToken().accessToken });
    const waits: number[] = [];
    const now = new Date('2026-03-02T10:00:00Z');
    for (let i = 0; i < 8; i++) {
      ms.failNext('users', 1);
      await t.db.update(integrations).set({ connectorState: null }).where(eq(integrations.id, integrationId));
      const outcome = await runIntegrationPoll(t.deps, integrationId, now);
      expect(outcome).toMatchObject({
        status: 'failed',
        error: 'Microsoft Graph answered 503: ServiceUnavailable: The service is temporarily unavailable.',
      });
      const after = await row(integrationId);
      waits.push(((after?.nextRunAt?.getTime() ?? 0) - now.getTime()) / 60_000);
    }
    expect(waits).toEqual([1, 2, 4, 8, 16, 32, 60, 60]);
    expect(await runIntegrationPoll(t.deps, integrationId, now)).toMatchObject({ status: 'success' });
    expect((await row(integrationId))?.consecutiveFailures).toBe(0);
  });

  it('Mattermost is polled with the server URL and token of its Setup', async () => {
    const account = await createAccount(t.db, { plan: 'scaleup' });
    const { integration } = await createPushIntegration(t.deps, account.id, { provider: 'mattermost' });
    expect(await claimDueIntegrations(t.db)).not.toContain(integration.id);
    await t.db
      .update(integrations)
      .set({
        config: { serverUrl: mm.url },
        secretsEncrypted: t.deps.secrets.encryptJson({ accessToken: mm.token }),
        nextRunAt: null,
      })
      .where(eq(integrations.id, integration.id));
    expect(await claimDueIntegrations(t.db)).toContain(integration.id);
    expect(await runIntegrationPoll(t.deps, integration.id)).toMatchObject({ status: 'success', peopleFound: 1 });
    const linked = await t.db
      .select()
      .from(personIntegrations)
      .where(eq(personIntegrations.integrationId, integration.id));
    expect(linked.map((p) => p.externalId)).toEqual(['mm-1']);
  });
});
