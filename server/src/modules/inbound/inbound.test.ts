import { randomUUID } from 'node:crypto';
import examples from '@octokit/webhooks-examples';
import { sign } from '@octokit/webhooks-methods';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { client, useTestApp } from '../../../test/app.ts';
import { serviceByProvider } from '../../../test/factories/integrations.ts';
import { signedInManager } from '../../../test/factories.ts';

const t = useTestApp();

/** A documented example payload of GitHub's, with the one we need picked out. */
function githubExample(name: string, pick: (example: Record<string, unknown>) => boolean = () => true) {
  const definition = examples.find((d) => d.name === name);
  const example = (definition?.examples as Record<string, unknown>[] | undefined)?.find(pick);
  if (!example) throw new Error(`no ${name} example`);
  return structuredClone(example);
}

async function managerWith(provider: 'github' | 'gitlab') {
  const m = await signedInManager(t.db, { plan: 'business' });
  const call = client(t.app, m.cookie);
  const service = await serviceByProvider(t.db, provider);
  const created = await call({ method: 'POST', url: '/api/v1/integrations', body: { serviceId: service.id } });
  expect(created.statusCode).toBe(201);
  return { ...m, call, integration: created.json() as { id: string; webhook: { url: string; secret: string } } };
}

const count = async (table: 'activity_events' | 'activity_blocks' | 'integration_runs', integrationId: string) => {
  const rows = await t.db.execute<{ n: number }>(
    sql`select count(*)::int as n from ${sql.raw(table)} where integration_id = ${integrationId}`,
  );
  return rows.rows[0]?.n;
};

async function deliverGithub(
  url: string,
  event: string,
  payload: unknown,
  signature: string | null,
  delivery = randomUUID(),
) {
  const body = JSON.stringify(payload);
  return client(t.app)({
    method: 'POST',
    url: new URL(url).pathname,
    headers: {
      'content-type': 'application/json',
      'x-github-event': event,
      'x-github-delivery': delivery,
      ...(signature === null ? {} : { 'x-hub-signature-256': signature }),
    },
    payload: body,
  });
}

const signed = async (secret: string, payload: unknown) => sign(secret, JSON.stringify(payload));

describe('GitHub webhook', () => {
  it('gives managers the URL and a secret, and a ping answers 200', async () => {
    const { integration, call } = await managerWith('github');
    expect(integration.webhook.url).toBe(`http://localhost:3000/api/v1/inbound/github/${integration.id}`);
    expect(integration.webhook.secret).toMatch(/^whsec_[A-Za-z0-9_-]{32}$/);
    const again = await call({ method: 'GET', url: `/api/v1/integrations/${integration.id}` });
    expect(again.json().webhook).toEqual(integration.webhook);

    const ping = githubExample('ping');
    const res = await deliverGithub(
      integration.webhook.url,
      'ping',
      ping,
      await signed(integration.webhook.secret, ping),
    );
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ received: 0, created: 0, duplicates: 0, ignored: 'ping' });
  });

  it('stores one git_commit per pushed commit, once, and refuses bad signatures without storing anything', async () => {
    const { integration } = await managerWith('github');
    const push = githubExample('push', (p) => Array.isArray(p.commits) && p.commits.length > 0);
    const { url, secret } = integration.webhook;

    const wrong = await deliverGithub(url, 'push', push, await signed('another-secret', push));
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json().message).toBe(
      "X-Hub-Signature-256 does not match the payload signed with this integration's webhook secret",
    );
    const missing = await deliverGithub(url, 'push', push, null);
    expect(missing.statusCode).toBe(401);
    // The signature of the body as sent, with a byte changed after signing.
    const tampered = await client(t.app)({
      method: 'POST',
      url: new URL(url).pathname,
      headers: {
        'content-type': 'application/json',
        'x-github-event': 'push',
        'x-hub-signature-256': await signed(secret, push),
      },
      payload: JSON.stringify(push).replace('Initial commit', 'Initial commiT'),
    });
    expect(tampered.statusCode).toBe(401);
    expect(await count('activity_events', integration.id)).toBe(0);
    expect(await count('integration_runs', integration.id)).toBe(0);

    const delivery = randomUUID();
    const ok = await deliverGithub(url, 'push', push, await signed(secret, push), delivery);
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toEqual({ received: 1, created: 1, duplicates: 0, ignored: null });
    const redelivered = await deliverGithub(url, 'push', push, await signed(secret, push), delivery);
    expect(redelivered.json()).toEqual({ received: 1, created: 0, duplicates: 1, ignored: null });

    const events = await t.db.execute<Record<string, unknown>>(sql`
      select e.kind, e.external_id, e.title, e.url, to_char(e.timestamp at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') as timestamp, e.metadata, pi.external_id as person_identifier,
             p.name, p.status
        from activity_events e
        join person_integrations pi on pi.id = e.person_integration_id
        join people p on p.id = e.person_id
       where e.integration_id = ${integration.id}`);
    expect(events.rows).toEqual([
      {
        kind: 'git_commit',
        external_id: '6113728f27ae82c7b1a177c8d03f9e96e0adf246',
        title: 'Initial commit',
        url: 'https://github.com/Codertocat/Hello-World/commit/6113728f27ae82c7b1a177c8d03f9e96e0adf246',
        timestamp: '2019-05-15T15:19:25Z',
        metadata: {
          authorName: 'Codertocat',
          authorEmail: '21031067+codertocat@users.noreply.github.com',
          authorUsername: 'Codertocat',
          repository: 'Codertocat/Hello-World',
          branch: 'master',
        },
        person_identifier: '21031067+codertocat@users.noreply.github.com',
        name: 'Codertocat',
        status: 'unassigned',
      },
    ]);
    const runs = await t.db.execute<{ trigger: string; status: string; events_created: number }>(sql`
      select trigger, status, events_created from integration_runs where integration_id = ${integration.id}
       order by started_at`);
    expect(runs.rows).toEqual([
      { trigger: 'webhook', status: 'success', events_created: 1 },
      { trigger: 'webhook', status: 'success', events_created: 0 },
    ]);
  });

  it("stores deployments and their status changes as deployment events, on the person of the creator's commits", async () => {
    const { integration } = await managerWith('github');
    const { url, secret } = integration.webhook;
    const push = githubExample('push', (p) => Array.isArray(p.commits) && p.commits.length > 0);
    expect((await deliverGithub(url, 'push', push, await signed(secret, push))).json().created).toBe(1);
    const deployment = githubExample('deployment');
    const status = githubExample('deployment_status');
    expect((await deliverGithub(url, 'deployment', deployment, await signed(secret, deployment))).json().created).toBe(
      1,
    );
    expect((await deliverGithub(url, 'deployment_status', status, await signed(secret, status))).json().created).toBe(
      1,
    );
    const rows = await t.db.execute<{ kind: string; external_id: string; title: string; who: string }>(sql`
      select e.kind, e.external_id, e.title, pi.external_id as who
        from activity_events e join person_integrations pi on pi.id = e.person_integration_id
       where e.integration_id = ${integration.id} and e.kind = 'deployment' order by e.timestamp`);
    const codertocat = '21031067+codertocat@users.noreply.github.com';
    expect(rows.rows).toEqual([
      {
        kind: 'deployment',
        external_id: 'deployment:145988746',
        title: 'Deployment of master to production',
        who: codertocat,
      },
      {
        kind: 'deployment',
        external_id: 'deployment_status:209916254',
        title: 'Deployment of master to production: success',
        who: codertocat,
      },
    ]);
  });

  it('answers 404 for an unknown integration or another provider, 403 once stopped, 400 for a body that is no push', async () => {
    const { integration, call } = await managerWith('github');
    const push = githubExample('push', (p) => Array.isArray(p.commits) && p.commits.length > 0);
    const signature = await signed(integration.webhook.secret, push);
    const unknown = await deliverGithub(`http://x/api/v1/inbound/github/${randomUUID()}`, 'push', push, signature);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe('Integration not found');
    const otherProvider = await client(t.app)({
      method: 'POST',
      url: `/api/v1/inbound/gitlab/${integration.id}`,
      headers: { 'content-type': 'application/json', 'x-gitlab-token': integration.webhook.secret },
      payload: '{}',
    });
    expect(otherProvider.statusCode).toBe(404);
    const badProvider = await client(t.app)({
      method: 'POST',
      url: `/api/v1/inbound/bitbucket/${integration.id}`,
      headers: { 'content-type': 'application/json' },
      payload: '{}',
    });
    expect(badProvider.statusCode).toBe(400);

    const malformed = { ...push, commits: [{ id: 'abc' }] };
    const bad = await deliverGithub(
      integration.webhook.url,
      'push',
      malformed,
      await signed(integration.webhook.secret, malformed),
    );
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe('commits.0.message: Invalid input: expected string, received undefined');

    expect((await call({ method: 'POST', url: `/api/v1/integrations/${integration.id}/deactivate` })).statusCode).toBe(
      200,
    );
    const stopped = await deliverGithub(integration.webhook.url, 'push', push, signature);
    expect(stopped.statusCode).toBe(403);
    expect(stopped.json().message).toBe('This integration is stopped.');
    expect(await count('activity_events', integration.id)).toBe(0);
  });

  it('regenerating the secret makes the old one fail at once', async () => {
    const { integration, call } = await managerWith('github');
    const res = await call({ method: 'POST', url: `/api/v1/integrations/${integration.id}/regenerate-webhook-secret` });
    expect(res.statusCode).toBe(200);
    const { webhook } = res.json() as { webhook: { url: string; secret: string } };
    expect(webhook.url).toBe(integration.webhook.url);
    expect(webhook.secret).not.toBe(integration.webhook.secret);
    const ping = githubExample('ping');
    expect(
      (await deliverGithub(webhook.url, 'ping', ping, await signed(integration.webhook.secret, ping))).statusCode,
    ).toBe(401);
    expect((await deliverGithub(webhook.url, 'ping', ping, await signed(webhook.secret, ping))).statusCode).toBe(200);
    const detail = await call({ method: 'GET', url: `/api/v1/integrations/${integration.id}` });
    expect(detail.json().webhook).toEqual(webhook);
  });
});

describe('GitLab webhook', () => {
  const pushHook = (commits: { id: string; at: string }[]) => ({
    object_kind: 'push',
    event_name: 'push',
    ref: 'refs/heads/main',
    user_username: 'jsmith',
    user_email: 'john@example.com',
    total_commits_count: 25,
    project: { path_with_namespace: 'acme/api', web_url: 'https://gitlab.example.com/acme/api' },
    commits: commits.map((c) => ({
      id: c.id,
      message: `Change ${c.id}\n`,
      title: `Change ${c.id}`,
      timestamp: c.at,
      url: `https://gitlab.example.com/acme/api/-/commit/${c.id}`,
      author: { name: 'John Smith', email: 'john@example.com' },
    })),
  });
  const deliver = (id: string, token: string | null, payload: unknown) =>
    client(t.app)({
      method: 'POST',
      url: `/api/v1/inbound/gitlab/${id}`,
      headers: {
        'content-type': 'application/json',
        'x-gitlab-event': 'Push Hook',
        ...(token === null ? {} : { 'x-gitlab-token': token }),
      },
      payload: JSON.stringify(payload),
    });

  it('checks X-Gitlab-Token and stores one commit event per commit; a burst of them opens an activity block', async () => {
    const { integration, call } = await managerWith('gitlab');
    const hook = pushHook([
      { id: 'c1', at: '2025-06-02T09:00:00Z' },
      { id: 'c2', at: '2025-06-02T09:20:00Z' },
      { id: 'c3', at: '2025-06-02T09:45:00Z' },
      { id: 'c4', at: '2025-06-02T13:00:00Z' },
    ]);
    expect((await deliver(integration.id, 'wrong', hook)).statusCode).toBe(401);
    expect((await deliver(integration.id, null, hook)).statusCode).toBe(401);
    expect(await count('activity_events', integration.id)).toBe(0);

    const ok = await deliver(integration.id, integration.webhook.secret, hook);
    expect(ok.json()).toEqual({ received: 4, created: 4, duplicates: 0, ignored: null });
    expect((await deliver(integration.id, integration.webhook.secret, hook)).json()).toEqual({
      received: 4,
      created: 0,
      duplicates: 4,
      ignored: null,
    });
    const events = await t.db.execute<{ kind: string; metadata: Record<string, unknown> }>(sql`
      select kind, metadata from activity_events where integration_id = ${integration.id} and external_id = 'c1'`);
    expect(events.rows).toEqual([
      {
        kind: 'commit',
        metadata: {
          authorName: 'John Smith',
          authorEmail: 'john@example.com',
          authorUsername: 'jsmith',
          repository: 'acme/api',
          branch: 'main',
          totalCommitsCount: 25,
        },
      },
    ]);

    // 09:00, 09:20 and 09:45 are within 30 minutes of each other; 13:00 stands alone.
    const blocks = await t.db.execute<{ start_time: string; end_time: string; metadata: Record<string, unknown> }>(sql`
      select to_char(start_time at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') as start_time, to_char(end_time at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') as end_time, metadata from activity_blocks where integration_id = ${integration.id}`);
    expect(blocks.rows).toEqual([
      {
        start_time: '2025-06-02T09:00:00Z',
        end_time: '2025-06-02T09:45:00Z',
        metadata: { source: 'events', events: 3 },
      },
    ]);
    const person = await t.db.execute<{ id: string }>(sql`
      select person_id as id from person_integrations where integration_id = ${integration.id}`);
    const personId = person.rows[0]?.id;
    // Make the person active, then read the year view: the block's minutes and the four events count.
    await t.db.execute(sql`update people set status = 'active' where id = ${personId}`);
    const year = await call({ method: 'GET', url: `/api/v1/people/${personId}/year?year=2025` });
    const day = year.json().dailySummaries.find((d: { date: string }) => d.date === '2025-06-02');
    expect(day).toMatchObject({ totalBlocks: 1, totalEvents: 4, totalMinutes: 45 });

    // A later commit within 30 minutes of the lone one joins it into a second block.
    await deliver(integration.id, integration.webhook.secret, pushHook([{ id: 'c5', at: '2025-06-02T13:25:00Z' }]));
    const after = await t.db.execute<{ start_time: string; end_time: string }>(sql`
      select to_char(start_time at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') as start_time, to_char(end_time at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') as end_time from activity_blocks where integration_id = ${integration.id} order by start_time`);
    expect(after.rows).toEqual([
      { start_time: '2025-06-02T09:00:00Z', end_time: '2025-06-02T09:45:00Z' },
      { start_time: '2025-06-02T13:00:00Z', end_time: '2025-06-02T13:25:00Z' },
    ]);
  });

  it('an edited event block keeps its range; a deleted one goes with the events it came from', async () => {
    const { integration, call } = await managerWith('gitlab');
    const hook = pushHook([
      { id: 'd1', at: '2025-06-03T09:00:00Z' },
      { id: 'd2', at: '2025-06-03T09:20:00Z' },
      { id: 'd3', at: '2025-06-03T09:40:00Z' },
      { id: 'd4', at: '2025-06-03T15:00:00Z' },
      { id: 'd5', at: '2025-06-03T15:10:00Z' },
    ]);
    await deliver(integration.id, integration.webhook.secret, hook);
    const blocks = async () =>
      (
        await t.db.execute<{ id: string; range: string }>(sql`
          select id, to_char(start_time at time zone 'UTC', 'HH24:MI') || '-' || to_char(end_time at time zone 'UTC', 'HH24:MI') as range
            from activity_blocks where integration_id = ${integration.id} order by start_time`)
      ).rows;
    const [morning, afternoon] = await blocks();
    expect((await blocks()).map((b) => b.range)).toEqual(['09:00-09:40', '15:00-15:10']);

    const edit = await call({
      method: 'PATCH',
      url: `/api/v1/activity-blocks/${morning?.id}`,
      body: { startTime: '2025-06-03T08:30:00Z', endTime: '2025-06-03T09:10:00Z' },
    });
    expect(edit.statusCode).toBe(200);
    // d2 and d3 are outside the edited range and 20 minutes apart: a block of their own.
    expect((await blocks()).map((b) => b.range)).toEqual(['08:30-09:10', '09:20-09:40', '15:00-15:10']);

    expect((await call({ method: 'DELETE', url: `/api/v1/activity-blocks/${afternoon?.id}` })).statusCode).toBe(200);
    expect((await blocks()).map((b) => b.range)).toEqual(['08:30-09:10', '09:20-09:40']);
    const left = await t.db.execute<{ external_id: string }>(sql`
      select external_id from activity_events where integration_id = ${integration.id} order by external_id`);
    expect(left.rows.map((r) => r.external_id)).toEqual(['d1', 'd2', 'd3']);
  });
});
