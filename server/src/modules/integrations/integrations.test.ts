import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { client, createTestApp, useTestApp } from '../../../test/app.ts';
import { bearer, disabledChatService, serviceByProvider } from '../../../test/factories/integrations.ts';
import { createAccount, createUser, sessionCookie, signedInManager } from '../../../test/factories.ts';
import { holdLockInTransaction, lockWaiters } from '../../../test/held-transaction.ts';
import { accounts } from '../../db/schema/accounts.ts';
import { integrations } from '../../db/schema/integrations.ts';
import { PUMP_LOCK } from '../../pipeline/presence-inbox.ts';

const t = useTestApp();

async function managerWithCustom(accountValues: Parameters<typeof signedInManager>[1] = {}) {
  // Business: no plan rule in the way of the tests that add several chat integrations.
  const m = await signedInManager(t.db, { plan: 'business', ...accountValues });
  const call = client(t.app, m.cookie);
  const custom = await serviceByProvider(t.db, 'custom');
  const created = await call({ method: 'POST', url: '/api/v1/integrations', body: { serviceId: custom.id } });
  expect(created.statusCode).toBe(201);
  return { ...m, call, integration: created.json(), custom };
}

const presence = async (key: string) => {
  const res = await client(t.app)({
    method: 'POST',
    url: '/api/v1/presence',
    headers: bearer(key),
    body: { timestamp: new Date().toISOString(), source: 't', users: [{ personIdentifier: 'p1', status: 'online' }] },
  });
  await t.deps.presence.settled();
  return res;
};

describe('integration API', () => {
  it('creates with the defaults of spec 001 §7, running, with a copyable key', async () => {
    const { integration, call } = await managerWithCustom();
    expect(integration).toMatchObject({
      name: 'Custom Integration',
      kind: 'presence',
      status: 'active',
      isActivated: false,
    });
    expect(integration.apiKey).toMatch(/^ovl_/);
    expect(integration.maskedApiKey).toBe(`${integration.apiKey.slice(0, 8)}…${integration.apiKey.slice(-4)}`);
    const google = await serviceByProvider(t.db, 'google');
    const g = await call({ method: 'POST', url: '/api/v1/integrations', body: { serviceId: google.id } });
    expect(g.json()).toMatchObject({
      name: 'Google Drive',
      kind: 'events',
      apiKey: null,
      config: { service_type: 'drive' },
    });

    const list = await call({ method: 'GET', url: '/api/v1/integrations' });
    expect(list.statusCode).toBe(200);
    const item = list.json().integrations.find((i: { id: string }) => i.id === integration.id);
    expect(item.apiKey).toBe(integration.maskedApiKey);
    expect(item).toMatchObject({ isStale: false, personIntegrationsCount: 0 });

    await disabledChatService(t.db);
    const services = await call({ method: 'GET', url: '/api/v1/integrations/available-services' });
    const providers = services.json().map((s: { provider: string }) => s.provider);
    expect(providers).toContain('custom');
    expect(providers).not.toContain('legacy-chat');
    // Discord works only through the server's Discord app, which this server has not configured.
    expect(providers).toContain('slack');
    expect(providers).not.toContain('discord');
  });

  it('offers Discord once the server has its Discord app', async () => {
    const withDiscord = await createTestApp({
      DISCORD_CLIENT_ID: 'discord-client',
      DISCORD_CLIENT_SECRET: 'discord-secret',
      DISCORD_BOT_TOKEN: 'discord-bot',
    });
    try {
      const manager = await signedInManager(withDiscord.db);
      const services = await client(
        withDiscord.app,
        manager.cookie,
      )({ method: 'GET', url: '/api/v1/integrations/available-services' });
      expect(services.json().map((s: { provider: string }) => s.provider)).toContain('discord');
    } finally {
      await withDiscord.close();
    }
  });

  it('refuses bad creation input with 400 and creates nothing', async () => {
    const { call, account, custom } = await managerWithCustom();
    const disabled = await disabledChatService(t.db);
    const cases = [
      [{ serviceId: 'nope' }, 400],
      [{ serviceId: custom.id, kind: 'chat' }, 400],
      [{ serviceId: custom.id, config: { color: 'red' } }, 400],
      [{ serviceId: custom.id, config: { unknownSetting: 1 } }, 400],
      [{ serviceId: disabled.id }, 404],
    ] as const;
    for (const [body, status] of cases) {
      const res = await call({ method: 'POST', url: '/api/v1/integrations', body });
      expect(res.statusCode, JSON.stringify(body)).toBe(status);
    }
    const rows = await t.db.select().from(integrations).where(eq(integrations.accountId, account.id));
    expect(rows).toHaveLength(1);
  });

  it('enforces roles: user 403, no session 401, other account 404', async () => {
    const { integration, account } = await managerWithCustom();
    const user = await createUser(t.db, account.id, { role: 'user' });
    const asUser = client(t.app, await sessionCookie(t.db, user.id));
    const anonymous = client(t.app);
    const other = await signedInManager(t.db);
    const asOther = client(t.app, other.cookie);
    const superAccount = await createAccount(t.db);
    const admin = await createUser(t.db, superAccount.id, { role: 'superadmin' });
    const asAdminElsewhere = client(t.app, await sessionCookie(t.db, admin.id));
    const admin2 = await createUser(t.db, account.id, { role: 'superadmin' });
    const asAdminHere = client(t.app, await sessionCookie(t.db, admin2.id));

    const urls = [
      ['GET', `/api/v1/integrations/${integration.id}`],
      ['GET', `/api/v1/integrations/${integration.id}/runs`],
      ['GET', `/api/v1/integrations/${integration.id}/people`],
      ['POST', `/api/v1/integrations/${integration.id}/deactivate`],
      ['DELETE', `/api/v1/integrations/${integration.id}/events`],
    ] as const;
    for (const [method, url] of urls) {
      expect((await asUser({ method, url })).statusCode, url).toBe(403);
      expect((await anonymous({ method, url })).statusCode, url).toBe(401);
      expect((await asOther({ method, url })).statusCode, url).toBe(404);
      expect((await asAdminElsewhere({ method, url })).statusCode, url).toBe(404);
    }
    expect((await asUser({ method: 'GET', url: '/api/v1/integrations' })).statusCode).toBe(403);
    expect((await asAdminHere({ method: 'GET', url: `/api/v1/integrations/${integration.id}` })).statusCode).toBe(200);
    const [row] = await t.db.select().from(integrations).where(eq(integrations.id, integration.id));
    expect(row?.status).toBe('active');
  });

  it('changes configuration only while stopped; name and colour any time', async () => {
    const { integration, call } = await managerWithCustom();
    const url = `/api/v1/integrations/${integration.id}`;
    expect((await call({ method: 'PATCH', url, body: { name: 'Bridge' } })).json().name).toBe('Bridge');
    const colour = await call({ method: 'PATCH', url, body: { config: { color: '#38f' } } });
    expect(colour.json().config).toEqual({ color: '#38f' });
    expect((await call({ method: 'PATCH', url, body: { config: { color: '#12345' } } })).statusCode).toBe(400);
    expect((await call({ method: 'PATCH', url, body: { name: '  ' } })).statusCode).toBe(400);
    expect((await call({ method: 'PATCH', url, body: {} })).statusCode).toBe(400);

    const mattermost = await serviceByProvider(t.db, 'mattermost');
    const mm = (await call({ method: 'POST', url: '/api/v1/integrations', body: { serviceId: mattermost.id } })).json();
    const mmUrl = `/api/v1/integrations/${mm.id}`;
    const config = { serverUrl: 'https://chat.example.com', accessToken: 'secret-token-value-1234' };
    expect((await call({ method: 'PATCH', url: mmUrl, body: { config } })).statusCode).toBe(409);
    await call({ method: 'POST', url: `${mmUrl}/deactivate` });
    const saved = await call({ method: 'PATCH', url: mmUrl, body: { config } });
    expect(saved.statusCode).toBe(200);
    expect(saved.json().config).toEqual({ serverUrl: 'https://chat.example.com' });
    expect(saved.json().maskedSecrets).toEqual({ accessToken: '••••1234' });
    const detail = await call({ method: 'GET', url: mmUrl });
    expect(detail.body).not.toContain('secret-token-value');
    const list = await call({ method: 'GET', url: '/api/v1/integrations' });
    expect(list.body).not.toContain('secret-token-value');
    const [row] = await t.db.select().from(integrations).where(eq(integrations.id, mm.id));
    expect(row?.secretsEncrypted).toBeTruthy();
    expect(row?.secretsEncrypted).not.toContain('secret-token-value');
  });

  it('never returns stored OAuth tokens', async () => {
    const { call } = await managerWithCustom();
    const slack = await serviceByProvider(t.db, 'slack');
    const created = (await call({ method: 'POST', url: '/api/v1/integrations', body: { serviceId: slack.id } })).json();
    expect(created).toMatchObject({ name: 'Slack Workspace', connected: false });
    await t.db
      .update(integrations)
      .set({
        secretsEncrypted: t.deps.secrets.encryptJson({
          access_token: 'xoxb-very-secret-abcd',
          refresh_token: 'r-secret-9999',
        }),
      })
      .where(eq(integrations.id, created.id));
    const res = await call({ method: 'GET', url: `/api/v1/integrations/${created.id}` });
    expect(res.json()).toMatchObject({ connected: true, maskedSecrets: { access_token: '••••abcd' } });
    expect(res.body).not.toContain('very-secret');
    expect(res.body).not.toContain('r-secret');
  });

  it('regenerates the key only while stopped, and the old key stops working at once', async () => {
    const { integration, call } = await managerWithCustom();
    const url = `/api/v1/integrations/${integration.id}`;
    expect((await presence(integration.apiKey)).statusCode).toBe(200);
    expect((await call({ method: 'POST', url: `${url}/regenerate-key` })).statusCode).toBe(409);
    await call({ method: 'POST', url: `${url}/deactivate` });
    expect((await presence(integration.apiKey)).statusCode).toBe(403);
    const regenerated = await call({ method: 'POST', url: `${url}/regenerate-key` });
    expect(regenerated.statusCode).toBe(200);
    const { apiKey } = regenerated.json();
    expect(apiKey).not.toBe(integration.apiKey);
    await call({ method: 'POST', url: `${url}/activate` });
    expect((await presence(integration.apiKey)).statusCode).toBe(401);
    expect((await presence(apiKey)).statusCode).toBe(200);
    const detail = (await call({ method: 'GET', url })).json();
    expect(detail.apiKey).toBe(apiKey);
    expect(detail.isActivated).toBe(true);
    expect(detail.apiCalls.length).toBeGreaterThanOrEqual(2);
  });

  it("deletes after the pump's round in progress, before it locks anything", async () => {
    const { integration, call } = await managerWithCustom();
    const url = `/api/v1/integrations/${integration.id}`;
    await presence(integration.apiKey);
    await call({ method: 'POST', url: `${url}/deactivate` });
    const round = await holdLockInTransaction(t.db, (tx) =>
      tx.execute(sql`select pg_advisory_xact_lock(${PUMP_LOCK})`),
    );
    let deleted: Promise<{ statusCode: number }> = Promise.resolve({ statusCode: 0 });
    try {
      deleted = call({ method: 'DELETE', url });
      await expect.poll(() => lockWaiters(t.db, 'pg_advisory_xact_lock'), { timeout: 5_000 }).toBe(1);
      expect((await call({ method: 'GET', url })).statusCode).toBe(200);
    } finally {
      await round.release();
    }
    expect((await deleted).statusCode).toBe(200);
    expect((await call({ method: 'GET', url })).statusCode).toBe(404);
  });

  it('deletes only while onboarding or once stopped; deleting during onboarding resets it', async () => {
    const { integration, call, account } = await managerWithCustom();
    const url = `/api/v1/integrations/${integration.id}`;
    const pushed = (await presence(integration.apiKey)).json();
    const refused = await call({ method: 'DELETE', url });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe('Stop the integration before deleting it.');
    await call({ method: 'POST', url: `${url}/deactivate` });
    const debugEvents = async () =>
      (
        await t.db.execute<{ n: number }>(sql`
          select count(*)::int as n from integration_run_events where run_id = ${pushed.runId}`)
      ).rows[0]?.n;
    expect(await debugEvents()).toBe(5);
    expect((await call({ method: 'DELETE', url })).statusCode).toBe(200);
    expect((await call({ method: 'GET', url })).statusCode).toBe(404);
    // The integration's runs go with it, and their debug events with them.
    expect(await debugEvents()).toBe(0);
    const [acc] = await t.db.select().from(accounts).where(eq(accounts.id, account.id));
    expect(acc?.onboardingCompleted).toBe(true);

    const onboarding = await managerWithCustom({ onboardingCompleted: false });
    await t.db.update(accounts).set({ onboardingNextAction: 'none' }).where(eq(accounts.id, onboarding.account.id));
    const del = await onboarding.call({ method: 'DELETE', url: `/api/v1/integrations/${onboarding.integration.id}` });
    expect(del.statusCode).toBe(200);
    const [after] = await t.db.select().from(accounts).where(eq(accounts.id, onboarding.account.id));
    expect(after).toMatchObject({ onboardingCompleted: false, onboardingNextAction: 'onboarding' });
  });

  it('serves runs, run detail, statistics, people, events, blocks and delete-all', async () => {
    const { integration, call } = await managerWithCustom();
    const url = `/api/v1/integrations/${integration.id}`;
    const pushed = (await presence(integration.apiKey)).json();
    await client(t.app)({
      method: 'POST',
      url: '/api/v1/events',
      headers: bearer(integration.apiKey),
      body: {
        timestamp: new Date().toISOString(),
        source: 't',
        events: [{ externalId: 'e1', kind: 'git_commit', timestamp: new Date().toISOString(), personIdentifier: 'p1' }],
      },
    });
    const runs = (await call({ method: 'GET', url: `${url}/runs` })).json().runs;
    expect(runs).toHaveLength(2);
    expect(new Date(runs[0].startedAt) >= new Date(runs[1].startedAt)).toBe(true);
    const detail = await call({ method: 'GET', url: `${url}/runs/${pushed.runId}` });
    expect(detail.json().integrationName).toBe('Custom Integration');
    expect(detail.json().run.debugEvents.length).toBeGreaterThan(2);
    expect((await call({ method: 'GET', url: `${url}/runs/${crypto.randomUUID()}` })).statusCode).toBe(404);
    const stats = (await call({ method: 'GET', url: `${url}/statistics` })).json().statistics;
    expect(stats[0]).toMatchObject({ runs: 2, successfulRuns: 2, totalEventsCreated: 1 });
    const peopleRes = (await call({ method: 'GET', url: `${url}/people?status=unassigned` })).json();
    expect(peopleRes.people).toHaveLength(1);
    expect(peopleRes.pagination).toMatchObject({
      page: 1,
      limit: 20,
      totalCount: 1,
      totalPages: 1,
      hasNextPage: false,
    });
    expect((await call({ method: 'GET', url: `${url}/people?status=bogus` })).statusCode).toBe(400);
    expect((await call({ method: 'GET', url: `${url}/events` })).json().events).toHaveLength(1);
    expect((await call({ method: 'GET', url: `${url}/activity-blocks` })).json().activityBlocks).toHaveLength(1);
    expect((await call({ method: 'GET', url: `${url}/api-calls` })).json().apiCalls).toHaveLength(2);
    expect((await call({ method: 'DELETE', url: `${url}/events` })).json()).toEqual({ success: true, deleted: 1 });
    expect((await call({ method: 'DELETE', url: `${url}/activity-blocks` })).json()).toEqual({
      success: true,
      deleted: 1,
    });
    expect((await call({ method: 'GET', url: `${url}/activity-blocks` })).json().activityBlocks).toHaveLength(0);
  });

  it('reports a running integration without a run in the last hour as stale', async () => {
    const { integration, call } = await managerWithCustom();
    await t.db
      .update(integrations)
      .set({ createdAt: new Date(Date.now() - 3 * 3600_000), lastRunAt: new Date(Date.now() - 2 * 3600_000) })
      .where(eq(integrations.id, integration.id));
    const item = async () =>
      (await call({ method: 'GET', url: '/api/v1/integrations' }))
        .json()
        .integrations.find((i: { id: string }) => i.id === integration.id);
    expect((await item()).isStale).toBe(true);
    await call({ method: 'POST', url: `/api/v1/integrations/${integration.id}/deactivate` });
    expect((await item()).isStale).toBe(false);
  });
});

describe('Demo Data integration', () => {
  it('answers at once, then backfills 90 days of the demo team through the engine', async () => {
    const m = await signedInManager(t.db);
    const call = client(t.app, m.cookie);
    const demo = await serviceByProvider(t.db, 'demo');
    const created = await call({ method: 'POST', url: '/api/v1/integrations', body: { serviceId: demo.id } });
    expect(created.statusCode).toBe(201);
    const url = `/api/v1/integrations/${created.json().id}`;

    // The backfill runs behind the answer; poll the runs as the onboarding page does.
    let runs: { trigger: string; status: string }[] = [];
    for (let i = 0; i < 600 && !runs.some((r) => r.status === 'success'); i++) {
      await new Promise((r) => setTimeout(r, 100));
      runs = (await call({ method: 'GET', url: `${url}/runs` })).json().runs;
    }
    expect(runs).toEqual([expect.objectContaining({ trigger: 'backfill', status: 'success' })]);

    // Demo people are active from the start.
    const active = (await call({ method: 'GET', url: `${url}/people?status=active&limit=50` })).json();
    expect(active.pagination.totalCount).toBe(8);
    const span = await t.db.execute<{ days: number; blocks: number }>(sql`
      select extract(day from max(start_time) - min(start_time))::int as days, count(*)::int as blocks
        from activity_blocks where integration_id = ${created.json().id}`);
    expect(span.rows[0]?.days).toBeGreaterThanOrEqual(88);
    expect(span.rows[0]?.blocks).toBeGreaterThan(300);
    const [row] = await t.db.select().from(integrations).where(eq(integrations.id, created.json().id));
    expect(row?.lastRunAt).not.toBeNull();
    expect(row?.nextRunAt?.getTime()).toBeLessThan(Date.now() + 10 * 60_000);
  }, 90_000);
});

describe('plan rules on adding an integration', () => {
  const add = (call: ReturnType<typeof client>, serviceId: string) =>
    call({ method: 'POST', url: '/api/v1/integrations', body: { serviceId } });

  it('allows the free plan one chat integration, and other services besides', async () => {
    const m = await signedInManager(t.db, { plan: 'free' });
    const call = client(t.app, m.cookie);
    const mattermost = await serviceByProvider(t.db, 'mattermost');
    const github = await serviceByProvider(t.db, 'github');
    expect((await add(call, mattermost.id)).statusCode).toBe(201);
    const refused = await add(call, mattermost.id);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({
      code: 'UPGRADE_REQUIRED',
      message: 'Free plan allows only 1 chat integration',
    });
    expect((await add(call, github.id)).statusCode).toBe(201);
    const list = (await call({ method: 'GET', url: '/api/v1/integrations' })).json();
    expect(list.integrations ?? list).toHaveLength(2);
  });

  it('holds paid plans to their integration limit, counting archived ones out and honouring overrides', async () => {
    const m = await signedInManager(t.db, { plan: 'startup' });
    const call = client(t.app, m.cookie);
    const mattermost = await serviceByProvider(t.db, 'mattermost');
    const first = (await add(call, mattermost.id)).json();
    expect((await add(call, mattermost.id)).statusCode).toBe(201);
    const refused = await add(call, mattermost.id);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe('Startup plan allows only 2 integrations');

    await t.db.update(integrations).set({ archivedAt: new Date() }).where(eq(integrations.id, first.id));
    expect((await add(call, mattermost.id)).statusCode).toBe(201);

    await t.db.update(accounts).set({ maxIntegrations: 5 }).where(eq(accounts.id, m.account.id));
    expect((await add(call, mattermost.id)).statusCode).toBe(201);

    const unlimited = await signedInManager(t.db, { plan: 'scaleup' });
    const scaleup = client(t.app, unlimited.cookie);
    for (let i = 0; i < 4; i++) expect((await add(scaleup, mattermost.id)).statusCode).toBe(201);
  });

  it('keeps custom integrations to Business (one), unless the operator flag lifts the cap', async () => {
    const custom = await serviceByProvider(t.db, 'custom');
    for (const plan of ['free', 'startup', 'scaleup']) {
      const m = await signedInManager(t.db, { plan });
      const refused = await add(client(t.app, m.cookie), custom.id);
      expect(refused.statusCode, plan).toBe(403);
      expect(refused.json()).toMatchObject({
        code: 'UPGRADE_REQUIRED',
        message: 'Custom integrations come with the Business plan',
      });
    }
    const business = await signedInManager(t.db, { plan: 'business' });
    const call = client(t.app, business.cookie);
    expect((await add(call, custom.id)).statusCode).toBe(201);
    const second = await add(call, custom.id);
    expect(second.statusCode).toBe(403);
    expect(second.json().message).toBe('Business plan allows only 1 custom integration');

    const flagged = await signedInManager(t.db, { plan: 'startup', features: ['custom-integrations'] });
    const flaggedCall = client(t.app, flagged.cookie);
    expect((await add(flaggedCall, custom.id)).statusCode).toBe(201);
    expect((await add(flaggedCall, custom.id)).statusCode).toBe(201);
    // The plan's integration limit still applies.
    expect((await add(flaggedCall, custom.id)).json().message).toBe('Startup plan allows only 2 integrations');
  });
});
