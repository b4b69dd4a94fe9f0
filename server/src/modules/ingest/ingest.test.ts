import { randomUUID } from 'node:crypto';
import { count, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { client, createTestApp, type TestApp } from '../../../test/app.ts';
import { bearer, createPushIntegration } from '../../../test/factories/integrations.ts';
import { createAccount } from '../../../test/factories.ts';
import type { Db } from '../../db/client.ts';
import {
  activityBlocks,
  activityEvents,
  people,
  personIntegrations,
  presenceSamples,
} from '../../db/schema/activity.ts';
import { apiCalls, integrationRunEvents, integrationRuns, integrations } from '../../db/schema/integrations.ts';
import { sha256 } from '../../lib/crypto.ts';
import {
  API_CALLS_TRIM_EVERY,
  apiCallTrimsSettled,
  pruneApiCalls,
  trimIntegrationLog,
} from '../../pipeline/api-call-log.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t?.close());

const minutesAgo = (m: number) => new Date(Date.now() - m * 60_000).toISOString();

async function setup() {
  const account = await createAccount(t.db);
  const { integration, apiKey } = await createPushIntegration(t.deps, account.id);
  const call = client(t.app);
  // A 2xx means committed; the engine applies presence right behind: wait for it before looking.
  const push = async (url: string, body: object, key = apiKey) => {
    const res = await call({ method: 'POST', url, body, headers: bearer(key) });
    await t.deps.presence.settled();
    return res;
  };
  return { account, integration, apiKey, push };
}

async function countsOf(integrationId: string, accountId: string) {
  const n = async (q: Promise<{ n: number }[]>) => (await q)[0]?.n ?? 0;
  return {
    people: await n(t.db.select({ n: count() }).from(people).where(eq(people.accountId, accountId))),
    identities: await n(
      t.db.select({ n: count() }).from(personIntegrations).where(eq(personIntegrations.integrationId, integrationId)),
    ),
    samples: await n(
      t.db
        .select({ n: count() })
        .from(presenceSamples)
        .innerJoin(personIntegrations, eq(personIntegrations.id, presenceSamples.personIntegrationId))
        .where(eq(personIntegrations.integrationId, integrationId)),
    ),
    events: await n(
      t.db.select({ n: count() }).from(activityEvents).where(eq(activityEvents.integrationId, integrationId)),
    ),
    runs: await n(
      t.db.select({ n: count() }).from(integrationRuns).where(eq(integrationRuns.integrationId, integrationId)),
    ),
  };
}

describe('POST /api/v1/presence', () => {
  it('creates unassigned people, stores samples, builds blocks and records a run', async () => {
    const { account, integration, push } = await setup();
    const res = await push('/api/v1/presence', {
      timestamp: minutesAgo(10),
      source: 'test',
      users: [
        { personIdentifier: 'u-1', status: 'online', name: 'Ada Lovelace', timezone: 'Europe/London' },
        { personIdentifier: 'u-2', status: 'away', firstname: 'Grace' },
      ],
    });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ success: true, accepted: 2, peopleCreated: 2, skipped: 0 });

    const rows = await t.db.select().from(people).where(eq(people.accountId, account.id));
    expect(rows.map((p) => [p.name, p.status, p.timezoneAutomatic, p.isOnline]).sort()).toEqual([
      ['Ada Lovelace', 'unassigned', 'Europe/London', true],
      ['Grace', 'unassigned', null, false],
    ]);
    const blocks = await t.db.select().from(activityBlocks).where(eq(activityBlocks.integrationId, integration.id));
    expect(blocks).toHaveLength(1);

    const [run] = await t.db.select().from(integrationRuns).where(eq(integrationRuns.id, body.runId));
    expect(run).toMatchObject({ status: 'success', trigger: 'push', peopleFound: 2 });
    const debug = await t.db.select().from(integrationRunEvents).where(eq(integrationRunEvents.runId, body.runId));
    const kinds = debug.map((d) => d.event);
    for (const k of ['integration_start', 'person_lookup', 'person_created', 'integration_complete']) {
      expect(kinds).toContain(k);
    }
    const [after] = await t.db.select().from(integrations).where(eq(integrations.id, integration.id));
    expect(after?.lastConnectedAt).toBeInstanceOf(Date);
    expect(after?.lastRunAt).toBeInstanceOf(Date);
  });

  it('is idempotent: the same push twice changes nothing', async () => {
    const { account, integration, push } = await setup();
    const payload = {
      timestamp: minutesAgo(5),
      source: 'test',
      users: [{ personIdentifier: 'same', status: 'online' }],
    };
    expect((await push('/api/v1/presence', payload)).statusCode).toBe(200);
    const before = await countsOf(integration.id, account.id);
    const blocksBefore = await t.db
      .select()
      .from(activityBlocks)
      .where(eq(activityBlocks.integrationId, integration.id));
    const again = await push('/api/v1/presence', payload);
    expect(again.statusCode).toBe(200);
    expect(again.json().peopleCreated).toBe(0);
    const after = await countsOf(integration.id, account.id);
    expect({ ...after, runs: 0 }).toEqual({ ...before, runs: 0 });
    const blocksAfter = await t.db
      .select()
      .from(activityBlocks)
      .where(eq(activityBlocks.integrationId, integration.id));
    expect(blocksAfter.map((b) => [b.id, b.startTime, b.endTime])).toEqual(
      blocksBefore.map((b) => [b.id, b.startTime, b.endTime]),
    );
  });

  const badCases: [string, (ts: string) => object, string[]][] = [
    [
      'unknown status',
      (ts) => ({ timestamp: ts, source: 's', users: [{ personIdentifier: 'a', status: 'sleeping' }] }),
      ['users.0.status'],
    ],
    ['bad timestamp', () => ({ timestamp: 'yesterday', source: 's', users: [] }), ['timestamp']],
    [
      'timestamp in the future',
      () => ({ timestamp: new Date(Date.now() + 10 * 60_000).toISOString(), source: 's', users: [] }),
      ['timestamp'],
    ],
    [
      'missing identifier',
      (ts) => ({ timestamp: ts, source: 's', users: [{ status: 'online' }] }),
      ['users.0.personIdentifier'],
    ],
    [
      'empty identifier',
      (ts) => ({ timestamp: ts, source: 's', users: [{ personIdentifier: ' ', status: 'online' }] }),
      ['users.0.personIdentifier'],
    ],
    [
      'invalid timezone',
      (ts) => ({
        timestamp: ts,
        source: 's',
        users: [{ personIdentifier: 'a', status: 'online', timezone: 'Mars/Olympus' }],
      }),
      ['users.0.timezone'],
    ],
    ['missing source', (ts) => ({ timestamp: ts, users: [] }), ['source']],
    [
      'every bad item is named',
      (ts) => ({
        timestamp: ts,
        source: 's',
        users: [
          { personIdentifier: 'ok', status: 'online' },
          { personIdentifier: 'b', status: 'nope' },
          { personIdentifier: 'c', status: 'online' },
          { personIdentifier: 'd', status: 'idle' },
        ],
      }),
      ['users.1.status', 'users.3.status'],
    ],
    [
      'more than 1,000 users',
      (ts) => ({
        timestamp: ts,
        source: 's',
        users: Array.from({ length: 1001 }, (_, i) => ({ personIdentifier: `p${i}`, status: 'online' })),
      }),
      ['users'],
    ],
  ];
  for (const [name, make, fields] of badCases) {
    it(`refuses ${name} with 400 and stores nothing`, async () => {
      const { account, integration, push } = await setup();
      const res = await push('/api/v1/presence', make(minutesAgo(1)));
      expect(res.statusCode).toBe(400);
      const body = res.json();
      expect(body.code).toBe('VALIDATION_FAILED');
      expect(body.details.map((d: { field: string }) => d.field)).toEqual(fields);
      expect(await countsOf(integration.id, account.id)).toEqual({
        people: 0,
        identities: 0,
        samples: 0,
        events: 0,
        runs: 0,
      });
    });
  }

  it('refuses bodies over 1 MiB with 413 and logs the call', async () => {
    const { account, integration, apiKey } = await setup();
    const res = await client(t.app)({
      method: 'POST',
      url: '/api/v1/presence',
      headers: { ...bearer(apiKey), 'content-type': 'application/json' },
      payload: JSON.stringify({ timestamp: minutesAgo(1), source: 'x'.repeat(1024 * 1024 + 10), users: [] }),
    });
    expect(res.statusCode).toBe(413);
    expect(await countsOf(integration.id, account.id)).toMatchObject({ people: 0, runs: 0 });
    const calls = await t.db.select().from(apiCalls).where(eq(apiCalls.integrationId, integration.id));
    expect(calls.map((c) => c.statusCode)).toEqual([413]);
  });
});

describe('push API authentication', () => {
  it('answers 401 without a key, with an unknown key and with a regenerated key', async () => {
    const { push, apiKey } = await setup();
    const body = { timestamp: minutesAgo(1), source: 's', users: [] };
    const none = await client(t.app)({ method: 'POST', url: '/api/v1/presence', body });
    expect(none.statusCode).toBe(401);
    expect((await push('/api/v1/presence', body, 'ovl_not-a-real-key')).statusCode).toBe(401);
    expect((await push('/api/v1/events', { ...body, events: [] }, 'ovl_nope')).statusCode).toBe(401);
    // The key lookup and the rate-limit counter share one statement: unknown keys count nothing.
    expect((await push('/api/v1/presence', body)).statusCode).toBe(200);
    const counted = async (key: string) =>
      (
        await t.db.execute<{ n: number }>(
          sql`select coalesce(sum(count), 0)::int as n from api_rate_limits where key_hash = ${sha256(key)}`,
        )
      ).rows[0]?.n;
    expect(await counted('ovl_not-a-real-key')).toBe(0);
    expect(await counted('ovl_nope')).toBe(0);
    expect(await counted(apiKey)).toBe(1);
  });

  it('answers 403 for stopped or archived integrations and suspended or terminated accounts', async () => {
    const body = { timestamp: minutesAgo(1), source: 's', users: [{ personIdentifier: 'x', status: 'online' }] };
    const account = await createAccount(t.db);
    const stopped = await createPushIntegration(t.deps, account.id, { status: 'inactive' });
    const archived = await createPushIntegration(t.deps, account.id, { archivedAt: new Date() });
    for (const { apiKey } of [stopped, archived]) {
      const res = await client(t.app)({ method: 'POST', url: '/api/v1/presence', body, headers: bearer(apiKey) });
      expect(res.statusCode).toBe(403);
    }
    for (const status of ['suspended', 'terminated'] as const) {
      const other = await createAccount(t.db, { status });
      const { apiKey, integration } = await createPushIntegration(t.deps, other.id);
      const res = await client(t.app)({ method: 'POST', url: '/api/v1/presence', body, headers: bearer(apiKey) });
      expect(res.statusCode).toBe(403);
      expect(res.json().message).toBe(
        'Your account has been suspended. Please visit your account settings to resolve this issue.',
      );
      expect(await countsOf(integration.id, other.id)).toMatchObject({ people: 0, runs: 0 });
    }
    expect(await countsOf(stopped.integration.id, account.id)).toMatchObject({ people: 0, samples: 0 });
  });

  it('marks the integration connected with POST /api/v1/activate', async () => {
    const { integration, apiKey } = await setup();
    const res = await client(t.app)({ method: 'POST', url: '/api/v1/activate', headers: bearer(apiKey) });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ success: true, isActivated: true, integrationId: integration.id });
    const [row] = await t.db.select().from(integrations).where(eq(integrations.id, integration.id));
    expect(row?.lastConnectedAt).toBeInstanceOf(Date);
  });
});

describe('POST /api/v1/events', () => {
  it('stores each externalId once and counts duplicates', async () => {
    const { account, integration, push } = await setup();
    const event = (id: string) => ({
      externalId: id,
      kind: 'git_commit',
      timestamp: minutesAgo(30),
      title: `Commit ${id}`,
      url: 'https://git.example.com/c/1',
      personIdentifier: 'dev-1',
      metadata: { authorName: 'Dev One' },
    });
    const first = await push('/api/v1/events', {
      timestamp: minutesAgo(0),
      source: 'ci',
      events: [event('c1'), event('c2')],
    });
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({ success: true, created: 2, duplicates: 0, skipped: 0 });
    const second = await push('/api/v1/events', {
      timestamp: minutesAgo(0),
      source: 'ci',
      events: [event('c2'), event('c3'), event('c3')],
    });
    expect(second.json()).toMatchObject({ created: 1, duplicates: 2 });
    expect(await countsOf(integration.id, account.id)).toMatchObject({ events: 3, people: 1 });
  });

  it('gives new events time-ordered ids (UUID version 7: the millisecond of the push, then random bits)', async () => {
    const { integration, push } = await setup();
    const before = Date.now();
    const events = Array.from({ length: 30 }, (_, i) => ({
      externalId: `v${i}`,
      kind: 'k',
      timestamp: minutesAgo(1),
      personIdentifier: `dev-${i % 3}`,
    }));
    expect((await push('/api/v1/events', { timestamp: minutesAgo(0), source: 'ci', events })).json()).toMatchObject({
      created: 30,
    });
    const after = Date.now();
    const ids = (
      await t.db.execute<{ id: string }>(
        sql`select id::text from activity_events where integration_id = ${integration.id}`,
      )
    ).rows.map((r) => r.id);
    expect(new Set(ids).size).toBe(30);
    for (const id of ids) {
      expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
      const ms = Number.parseInt(id.replace('-', '').slice(0, 12), 16);
      expect(ms).toBeGreaterThanOrEqual(before);
      expect(ms).toBeLessThanOrEqual(after);
    }
  });

  it('records the run, its debug events and the logged answer with the data, for pushes arriving together', async () => {
    const { account, integration, apiKey } = await setup();
    const call = client(t.app);
    const event = (id: string) => ({ externalId: id, kind: 'k', timestamp: minutesAgo(30), personIdentifier: 'dev-1' });
    const body = (ids: string[]) => ({ timestamp: minutesAgo(0), source: 'ci', events: ids.map(event) });
    // 25 new events (more than the 20 detailed ones), then two pushes at once sharing one event.
    const many = Array.from({ length: 25 }, (_, i) => `m${i}`);
    const first = await call({ method: 'POST', url: '/api/v1/events', body: body(many), headers: bearer(apiKey) });
    expect(first.json()).toMatchObject({ created: 25, duplicates: 0, skipped: 0 });
    const [a, b] = await Promise.all([
      call({ method: 'POST', url: '/api/v1/events', body: body(['x1', 'shared', 'm0']), headers: bearer(apiKey) }),
      call({ method: 'POST', url: '/api/v1/events', body: body(['shared', 'x2', 'x2']), headers: bearer(apiKey) }),
    ]);
    await t.deps.presence.settled();
    // 'shared' is stored once: one of the two pushes created it, the other counts it as a duplicate.
    expect(a.json().created + b.json().created).toBe(3);
    expect(a.json().created + a.json().duplicates).toBe(3);
    expect(b.json().created + b.json().duplicates).toBe(3);
    expect(await countsOf(integration.id, account.id)).toMatchObject({ events: 28, people: 1, runs: 3 });

    const runId = first.json().runId;
    const [run] = await t.db.select().from(integrationRuns).where(eq(integrationRuns.id, runId));
    expect(run).toMatchObject({ status: 'success', trigger: 'push', peopleFound: 1, eventsCreated: 25 });
    const debug = await t.db
      .select()
      .from(integrationRunEvents)
      .where(eq(integrationRunEvents.runId, runId))
      .orderBy(integrationRunEvents.timestamp, integrationRunEvents.id);
    expect(debug.map((d) => [d.event, d.details])).toEqual([
      ['integration_start', { trigger: 'push' }],
      ['milestone', { endpoint: 'events', source: 'ci', events: 25 }],
      ['person_lookup', { people: 1, created: 1 }],
      ['person_created', { personIdentifier: 'dev-1', personId: expect.any(String) }],
      ...many.slice(0, 20).map((id) => ['event_created', { externalId: id, personId: expect.any(String) }]),
      ['event_created', { count: 25 }],
      ['integration_complete', { peopleFound: 1, eventsCreated: 25 }],
    ]);
    const logged = await t.db
      .select()
      .from(apiCalls)
      .where(eq(apiCalls.integrationId, integration.id))
      .orderBy(apiCalls.id);
    expect(logged).toHaveLength(3);
    for (const [res, row] of [first, a, b].map(
      (r) => [r, logged.find((l) => l.response?.includes(r.json().runId))] as const,
    )) {
      expect(row).toMatchObject({ method: 'POST', endpoint: '/api/v1/events', statusCode: 200 });
      expect(JSON.parse(row?.response ?? 'null')).toEqual(res.json());
    }
    const [after] = await t.db.select().from(integrations).where(eq(integrations.id, integration.id));
    expect(after?.lastRunAt).toBeInstanceOf(Date);
  });

  it('refuses bad events with the path of each one and stores nothing', async () => {
    const { account, integration, push } = await setup();
    const res = await push('/api/v1/events', {
      timestamp: minutesAgo(0),
      source: 'ci',
      events: [
        { externalId: 'ok', kind: 'k', timestamp: minutesAgo(1), personIdentifier: 'p' },
        { kind: 'k', timestamp: minutesAgo(1), personIdentifier: 'p' },
        { externalId: 'x', kind: 'k', timestamp: 'soon', personIdentifier: 'p' },
        { externalId: 'y', kind: 'k', timestamp: minutesAgo(1), personIdentifier: 'p', url: 'not a url' },
      ],
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().details.map((d: { field: string }) => d.field)).toEqual([
      'events.1.externalId',
      'events.2.timestamp',
      'events.3.url',
    ]);
    expect(await countsOf(integration.id, account.id)).toEqual({
      people: 0,
      identities: 0,
      samples: 0,
      events: 0,
      runs: 0,
    });
  });

  it('accepts events on a presence-kind integration and presence on an events-kind one', async () => {
    const { integration, push } = await setup();
    await t.db.update(integrations).set({ kind: 'events' }).where(eq(integrations.id, integration.id));
    const res = await push('/api/v1/presence', {
      timestamp: minutesAgo(1),
      source: 's',
      users: [{ personIdentifier: 'a', status: 'online' }],
    });
    expect(res.statusCode).toBe(200);
  });
});

/** An event of `who`, and an events push carrying `events` (the two describe blocks below share them). */
const event = (id: string, who: string) => ({
  externalId: id,
  kind: 'k',
  timestamp: minutesAgo(5),
  personIdentifier: who,
});
const body = (events: object[]) => ({ timestamp: minutesAgo(0), source: 'ci', events });

describe('known identities reused by events pushes', () => {
  /** An integration whose pushes have looked dev-1 up once (the process now keeps it). */
  async function known() {
    const { account, integration, push } = await setup();
    expect((await push('/api/v1/events', body([event('e1', 'dev-1')]))).json()).toMatchObject({ created: 1 });
    expect((await push('/api/v1/events', body([event('e2', 'dev-1')]))).json()).toMatchObject({ created: 1 });
    const [pi] = (
      await t.db.execute<{ id: string; person_id: string }>(sql`
        select id, person_id from person_integrations where integration_id = ${integration.id} and external_id = 'dev-1'`)
    ).rows as [{ id: string; person_id: string }];
    return { account, integration, push, pi };
  }
  const personOfEvents = async (accountId: string) =>
    (
      await t.db.execute<{ external_id: string; person_id: string }>(sql`
        select external_id, person_id from activity_events where account_id = ${accountId} order by external_id`)
    ).rows;

  it('store the events of a person-integration merged into another person elsewhere under that person', async () => {
    const { account, push, pi } = await known();
    expect((await push('/api/v1/events', body([event('x1', 'dev-2')]))).json()).toMatchObject({ created: 1 });
    const [target] = (
      await t.db.execute<{ person_id: string }>(sql`
        select person_id from activity_events where account_id = ${account.id} and external_id = 'x1'`)
    ).rows as [{ person_id: string }];
    // As another process would merge dev-1's person into dev-2's: straight in the database.
    await t.db.transaction(async (tx) => {
      await tx.execute(
        sql`update activity_events set person_id = ${target.person_id} where person_id = ${pi.person_id}`,
      );
      await tx.execute(
        sql`update person_integrations set person_id = ${target.person_id} where person_id = ${pi.person_id}`,
      );
      await tx.execute(sql`delete from people where id = ${pi.person_id}`);
    });
    const res = await push('/api/v1/events', body([event('e3', 'dev-1'), event('e4', 'dev-1')]));
    expect(res.json()).toMatchObject({ success: true, created: 2, duplicates: 0, skipped: 0 });
    expect(await personOfEvents(account.id)).toEqual(
      ['e1', 'e2', 'e3', 'e4', 'x1'].map((external_id) => ({ external_id, person_id: target.person_id })),
    );
    const debug = await t.db
      .select({ event: integrationRunEvents.event, details: integrationRunEvents.details })
      .from(integrationRunEvents)
      .where(eq(integrationRunEvents.runId, res.json().runId));
    expect(debug.filter((d) => d.event === 'event_created').map((d) => d.details)).toEqual([
      { externalId: 'e3', personId: target.person_id },
      { externalId: 'e4', personId: target.person_id },
    ]);
    const waiting = await t.db.execute<{ n: number }>(sql`
      select count(*)::int as n from event_inbox where account_id = ${account.id}`);
    expect(waiting.rows[0]?.n).toBe(0);
    // The round counted e3 and e4 for the person they are stored under (this merge, unlike the app's,
    // does not recompute the target's days, so e1 and e2 are not counted there).
    const days = await t.db.execute<{ person_id: string; events: number }>(sql`
      select person_id, sum(events)::int as events from person_daily_rollups
       where account_id = ${account.id} group by person_id`);
    expect(days.rows).toEqual([{ person_id: target.person_id, events: 3 }]);
  });

  it('skip the events of a person ignored elsewhere and store none of them', async () => {
    const { account, push, pi } = await known();
    await t.db.update(people).set({ status: 'ignored' }).where(eq(people.id, pi.person_id));
    const res = await push('/api/v1/events', body([event('e3', 'dev-1'), event('y1', 'dev-2')]));
    expect(res.json()).toMatchObject({ success: true, created: 1, duplicates: 0, skipped: 1 });
    expect((await personOfEvents(account.id)).map((e) => e.external_id)).toEqual(['e1', 'e2', 'y1']);
  });
});

describe('ignored people', () => {
  it('acknowledges and discards their samples and events (event_skipped)', async () => {
    const { account, integration, push } = await setup();
    await push('/api/v1/presence', {
      timestamp: minutesAgo(20),
      source: 's',
      users: [{ personIdentifier: 'ig', status: 'online' }],
    });
    await t.db.update(people).set({ status: 'ignored' }).where(eq(people.accountId, account.id));
    await t.db.execute(sql`delete from presence_samples`);
    const res = await push('/api/v1/presence', {
      timestamp: minutesAgo(10),
      source: 's',
      users: [{ personIdentifier: 'ig', status: 'online' }],
    });
    expect(res.json()).toMatchObject({ accepted: 0, skipped: 1 });
    const ev = await push('/api/v1/events', {
      timestamp: minutesAgo(0),
      source: 's',
      events: [{ externalId: 'e1', kind: 'k', timestamp: minutesAgo(5), personIdentifier: 'ig' }],
    });
    expect(ev.json()).toMatchObject({ created: 0, skipped: 1 });
    expect(await countsOf(integration.id, account.id)).toMatchObject({ samples: 0, events: 0, people: 1 });
    const debug = await t.db
      .select()
      .from(integrationRunEvents)
      .where(eq(integrationRunEvents.runId, res.json().runId));
    expect(debug.map((d) => d.event)).toContain('event_skipped');
  });
});

describe('API call log and rate limit', () => {
  it('logs every call with a known key, refused ones included, truncated to 4 KB', async () => {
    const { integration, push } = await setup();
    const presenceAt = minutesAgo(1);
    await push('/api/v1/presence', {
      timestamp: presenceAt,
      source: 's',
      users: [{ personIdentifier: 'a', status: 'online' }],
    });
    await push('/api/v1/presence', { timestamp: 'bad', source: 's', users: [] });
    const events = {
      timestamp: minutesAgo(1),
      source: 'y'.repeat(90),
      events: Array.from({ length: 100 }, (_, i) => ({
        externalId: `e${i}`,
        kind: 'k',
        timestamp: minutesAgo(2),
        personIdentifier: 'a',
      })),
    };
    await push('/api/v1/events', events);
    const calls = await t.db
      .select()
      .from(apiCalls)
      .where(eq(apiCalls.integrationId, integration.id))
      .orderBy(apiCalls.id);
    expect(calls.map((c) => [c.method, c.endpoint, c.statusCode])).toEqual([
      ['POST', '/api/v1/presence', 200],
      ['POST', '/api/v1/presence', 400],
      ['POST', '/api/v1/events', 200],
    ]);
    expect(calls[0]?.payload).toBe(
      JSON.stringify({ timestamp: presenceAt, source: 's', users: [{ personIdentifier: 'a', status: 'online' }] }),
    );
    expect(calls[2]?.payload).toBe(`${JSON.stringify(events).slice(0, 4095)}…`);
    expect(calls[1]?.response).toContain('VALIDATION_FAILED');
    expect(await pruneApiCalls(t.db)).toEqual({ deleted: 0 });
  });

  it('logs a body as the client wrote it: spacing kept, a malformed body too', async () => {
    const { integration, apiKey } = await setup();
    const send = (payload: string) =>
      client(t.app)({
        method: 'POST',
        url: '/api/v1/presence',
        headers: { ...bearer(apiKey), 'content-type': 'application/json' },
        payload,
      });
    const spaced = `{\n  "timestamp": "${minutesAgo(1)}",\n  "source": "s",\n  "users": [{ "personIdentifier": "a", "status": "online" }]\n}`;
    expect((await send(spaced)).statusCode).toBe(200);
    const broken = await send('{"timestamp": "2025-03-14T09:30:00Z", "users": [');
    expect(broken.statusCode).toBe(400);
    const proto = await send('{"source": "s", "__proto__": {"x": 1}}');
    expect(proto.statusCode).toBe(400);
    await t.deps.presence.settled();
    const calls = await t.db
      .select()
      .from(apiCalls)
      .where(eq(apiCalls.integrationId, integration.id))
      .orderBy(apiCalls.id);
    expect(calls.map((c) => [c.statusCode, c.payload])).toEqual([
      [200, spaced],
      [400, '{"timestamp": "2025-03-14T09:30:00Z", "users": ['],
      [400, '{"source": "s", "__proto__": {"x": 1}}'],
    ]);
  });

  it('answers 429 past the per-key rate, across requests, with Retry-After', async () => {
    const limited = await createTestApp({ INGEST_RATE_LIMIT_PER_MINUTE: '3' });
    try {
      const account = await createAccount(limited.db);
      const { apiKey, integration } = await createPushIntegration(limited.deps, account.id);
      const other = await createPushIntegration(limited.deps, account.id);
      const send = (key: string) =>
        client(limited.app)({ method: 'POST', url: '/api/v1/activate', headers: bearer(key) });
      // The window is the current minute: start early enough in it that five calls share it.
      if (new Date().getSeconds() >= 50) await new Promise((r) => setTimeout(r, (61 - new Date().getSeconds()) * 1000));
      const statuses: number[] = [];
      for (let i = 0; i < 4; i++) statuses.push((await send(apiKey)).statusCode);
      expect(statuses).toEqual([200, 200, 200, 429]);
      const last = await send(apiKey);
      expect(last.statusCode).toBe(429);
      const retryAfter = Number(last.headers['retry-after']);
      expect(retryAfter).toBeGreaterThanOrEqual(1);
      expect(retryAfter).toBeLessThanOrEqual(60);
      expect(last.json().retryAfterSeconds).toBe(retryAfter);
      expect((await send(other.apiKey)).statusCode).toBe(200);
      const logged = await limited.db.select().from(apiCalls).where(eq(apiCalls.integrationId, integration.id));
      expect(logged.length).toBe(5);
      // The minute passes: the key's window is over and it is served again.
      await limited.db.execute(
        sql`update api_rate_limits set window_start = window_start - interval '1 minute' where key_hash = ${sha256(apiKey)}`,
      );
      expect((await send(apiKey)).statusCode).toBe(200);
    } finally {
      await limited.close();
    }
  });
});

describe('API call log trim', () => {
  /** `n` logged calls of the integration, one a second, the newest a minute ago, in groups of `sharing` with one creation time. */
  async function seedCalls(db: Db, integrationId: string, accountId: string, n: number, sharing = 1) {
    await db.execute(sql`
      insert into api_calls (integration_id, account_id, method, endpoint, status_code, duration_ms, created_at)
      select ${integrationId}, ${accountId}, 'POST', '/api/v1/presence', 200, 1,
             now() - interval '1 minute' - (((${n} - g) / ${sharing}) || ' seconds')::interval
        from generate_series(1, ${n}) g`);
  }
  const idsOf = async (integrationId: string, db: Db = t.db) =>
    (
      await db.execute<{ id: number }>(sql`
        select id::int from api_calls where integration_id = ${integrationId} order by created_at desc, id desc`)
    ).rows.map((r) => r.id);

  it('keeps the newest 1,000 calls of the integration, ties on creation time broken by id, and no other', async () => {
    const account = await createAccount(t.db);
    const { integration } = await createPushIntegration(t.deps, account.id);
    const other = await createPushIntegration(t.deps, account.id);
    await seedCalls(t.db, integration.id, account.id, 1205, 5);
    await seedCalls(t.db, other.integration.id, account.id, 30);
    const before = await idsOf(integration.id);
    const first = await trimIntegrationLog(t.db, integration.id);
    expect(first.deleted).toBe(205);
    expect(await idsOf(integration.id)).toEqual(before.slice(0, 1000));
    expect((await idsOf(other.integration.id)).length).toBe(30);
    // The next trim walks the index from the newest call the last one deleted.
    await t.db.execute(sql`
      insert into api_calls (integration_id, account_id, method, endpoint, status_code, duration_ms)
      select ${integration.id}, ${account.id}, 'POST', '/api/v1/events', 200, 1 from generate_series(1, 300)`);
    const grown = await idsOf(integration.id);
    const newestBeyond = await t.db.execute<{ at: string }>(
      sql`select created_at::text as at from api_calls where id = ${grown[1000]}`,
    );
    expect(await trimIntegrationLog(t.db, integration.id, first.newestDeleted)).toEqual({
      deleted: 300,
      newestDeleted: newestBeyond.rows[0]?.at,
    });
    expect(await idsOf(integration.id)).toEqual(grown.slice(0, 1000));
    expect((await trimIntegrationLog(t.db, integration.id)).deleted).toBe(0);
  });

  it(`trims behind the answers once every ${API_CALLS_TRIM_EVERY} logged calls of a key`, async () => {
    // The calls below go faster than the key's default limit allows.
    const lifted = await createTestApp({ INGEST_RATE_LIMIT_PER_MINUTE: '100000' });
    try {
      const account = await createAccount(lifted.db);
      const { integration, apiKey } = await createPushIntegration(lifted.deps, account.id);
      await seedCalls(lifted.db, integration.id, account.id, 1200);
      const seeded = await idsOf(integration.id, lifted.db);
      const call = client(lifted.app);
      const refused = () =>
        call({
          method: 'POST',
          url: '/api/v1/presence',
          body: { timestamp: 'soon', users: [] },
          headers: bearer(apiKey),
        });
      for (let i = 1; i < API_CALLS_TRIM_EVERY; i++) expect((await refused()).statusCode).toBe(400);
      await apiCallTrimsSettled(lifted.db);
      expect((await idsOf(integration.id, lifted.db)).length).toBe(1200 + API_CALLS_TRIM_EVERY - 1);
      expect((await refused()).statusCode).toBe(400);
      await apiCallTrimsSettled(lifted.db);
      const kept = await idsOf(integration.id, lifted.db);
      // The calls just made, then the newest of the earlier ones.
      expect(kept.length).toBe(1000);
      expect(kept.slice(API_CALLS_TRIM_EVERY)).toEqual(seeded.slice(0, 1000 - API_CALLS_TRIM_EVERY));
      const [refusedCalls] = await lifted.db
        .select({ n: count() })
        .from(apiCalls)
        .where(sql`${apiCalls.integrationId} = ${integration.id} and ${apiCalls.statusCode} = 400`);
      expect(refusedCalls?.n).toBe(API_CALLS_TRIM_EVERY);
    } finally {
      await lifted.close();
    }
  });
});

describe('pruneApiCalls', () => {
  it('keeps the newest 1,000 per integration and nothing older than 14 days', async () => {
    const account = await createAccount(t.db);
    const { integration } = await createPushIntegration(t.deps, account.id);
    await t.db.execute(sql`
      insert into api_calls (integration_id, account_id, method, endpoint, status_code, duration_ms, created_at)
      select ${integration.id}, ${account.id}, 'POST', '/api/v1/presence', 200, 1,
             now() - (g || ' minutes')::interval
        from generate_series(1, 1005) g`);
    await t.db.execute(sql`
      insert into api_calls (integration_id, account_id, method, endpoint, status_code, duration_ms, created_at)
      values (${integration.id}, ${account.id}, 'POST', '/api/v1/events', 200, 1, now() - interval '15 days')`);
    await pruneApiCalls(t.db);
    const [left] = await t.db.select({ n: count() }).from(apiCalls).where(eq(apiCalls.integrationId, integration.id));
    expect(left?.n).toBe(1000);
    const [old] = await t.db
      .select({ n: count() })
      .from(apiCalls)
      .where(sql`${apiCalls.integrationId} = ${integration.id} and ${apiCalls.createdAt} < now() - interval '14 days'`);
    expect(old?.n).toBe(0);
  });

  it("drops the event rounds' marks of days more than a week old", async () => {
    const person = '00000000-0000-4000-8000-00000000e0c1';
    await t.db.execute(sql`
      insert into event_count_marks (person_id, day, row_xmin)
      select ${person}::uuid, current_date - g, '1' from generate_series(0, 9) g`);
    await pruneApiCalls(t.db);
    const left = await t.db.execute<{ age: number }>(sql`
      select (current_date - day)::int as age from event_count_marks where person_id = ${person}::uuid order by day desc`);
    expect(left.rows.map((r) => r.age)).toEqual([0, 1, 2, 3, 4, 5, 6, 7]);
  });
});

describe('metrics', () => {
  it('counts accepted and applied presence and shows the inbox backlog', async () => {
    const { push } = await setup();
    await push('/api/v1/presence', {
      timestamp: minutesAgo(2),
      source: 's',
      users: [{ personIdentifier: 'metric-1', status: 'online' }],
    });
    const body = (await client(t.app)({ method: 'GET', url: '/metrics' })).body;
    const value = (line: RegExp) => Number(line.exec(body)?.[1] ?? Number.NaN);
    expect(value(/^overlap_ingested_items_total\{kind="presence"\} (\d+)/m)).toBeGreaterThan(0);
    expect(value(/^overlap_presence_applied_total (\d+)/m)).toBeGreaterThan(0);
    expect(value(/^overlap_presence_inbox_rows (-?\d+)/m)).toBe(0);
  });

  it('counts the samples waiting in the inbox, not its rows (one per push)', async () => {
    const { account, integration } = await setup();
    // One push of three samples, as the push API writes it, left for the pump.
    const pis = [randomUUID(), randomUUID(), randomUUID()];
    await t.db.execute(sql`
      insert into presence_inbox (account_id, integration_id, at, person_integration_ids, statuses, timezones, details_list)
      values (${account.id}, ${integration.id}, now(), ${`{${pis.join(',')}}`}::uuid[], '{online,away,online}',
              '{NULL,NULL,NULL}', '{NULL,NULL,NULL}')`);
    const backlog = async () => {
      const body = (await client(t.app)({ method: 'GET', url: '/metrics' })).body;
      return Number(/^overlap_presence_inbox_rows (-?\d+)/m.exec(body)?.[1] ?? Number.NaN);
    };
    expect(await backlog()).toBe(3);
    await t.deps.presence.settled();
    expect(await backlog()).toBe(0);
  });
});

describe('events of deleted integrations, people and person-integrations', () => {
  it('go with them, as a cascade would, even where an event names another person or integration', async () => {
    const { account, integration, apiKey, push } = await setup();
    const other = await createPushIntegration(t.deps, account.id);
    for (const [key, prefix] of [
      [apiKey, 'a'],
      [other.apiKey, 'b'],
    ] as const) {
      const res = await push(
        '/api/v1/events',
        body(
          ['p1', 'p2', 'p3', 'p4'].flatMap((who) => [
            event(`${prefix}-${who}-1`, who),
            event(`${prefix}-${who}-2`, who),
          ]),
        ),
        key,
      );
      expect(res.json()).toMatchObject({ created: 8, duplicates: 0 });
    }
    const remaining = async () =>
      (
        await t.db.execute<{ external_id: string }>(sql`
          select e.external_id from activity_events e where e.account_id = ${account.id} order by e.external_id`)
      ).rows.map((r) => r.external_id);
    const piOf = async (integrationId: string, who: string) =>
      (
        await t.db.execute<{ id: string; person_id: string }>(sql`
          select id, person_id from person_integrations where integration_id = ${integrationId} and external_id = ${who}`)
      ).rows[0] as { id: string; person_id: string };
    const [p1, p2, p3] = [
      await piOf(integration.id, 'p1'),
      await piOf(integration.id, 'p2'),
      await piOf(integration.id, 'p3'),
    ];
    // One of p3's events (integration a) names p2 as its person; one of p4's (integration b) names integration a.
    await t.db.execute(sql`update activity_events set person_id = ${p2.person_id} where external_id = 'a-p3-1'`);
    await t.db.execute(sql`update activity_events set integration_id = ${integration.id} where external_id = 'b-p4-1'`);

    await t.db.execute(sql`delete from person_integrations where id = ${p1.id}`);
    expect(await remaining()).toEqual([
      'a-p2-1',
      'a-p2-2',
      'a-p3-1',
      'a-p3-2',
      'a-p4-1',
      'a-p4-2',
      'b-p1-1',
      'b-p1-2',
      'b-p2-1',
      'b-p2-2',
      'b-p3-1',
      'b-p3-2',
      'b-p4-1',
      'b-p4-2',
    ]);
    await t.db.execute(sql`delete from people where id = ${p2.person_id}`);
    expect(await remaining()).toEqual([
      'a-p3-2',
      'a-p4-1',
      'a-p4-2',
      'b-p1-1',
      'b-p1-2',
      'b-p2-1',
      'b-p2-2',
      'b-p3-1',
      'b-p3-2',
      'b-p4-1',
      'b-p4-2',
    ]);
    await t.db.delete(integrations).where(eq(integrations.id, integration.id));
    expect(await remaining()).toEqual(['b-p1-1', 'b-p1-2', 'b-p2-1', 'b-p2-2', 'b-p3-1', 'b-p3-2', 'b-p4-2']);
    expect(p3.person_id).not.toBe(p2.person_id);
  });

  it("discard a push's events whose person-integration is deleted while the push waits for it, and keep the rest", async () => {
    const { account, integration, push } = await setup();
    expect((await push('/api/v1/events', body([event('e1', 'dev-1')]))).json()).toMatchObject({ created: 1 });
    const [gone] = (
      await t.db.execute<{ id: string }>(sql`
        select id from person_integrations where integration_id = ${integration.id} and external_id = 'dev-1'`)
    ).rows as [{ id: string }];

    // The deletion is under way (not committed) when the push looks dev-1 up: the push finds it, then
    // its statement waits for the deletion, which commits before the events are written.
    const deleting = await t.deps.database.pool.connect();
    try {
      await deleting.query('begin');
      await deleting.query('delete from person_integrations where id = $1', [gone.id]);
      const answer = push(
        '/api/v1/events',
        body([event('e2', 'dev-1'), event('e3', 'dev-1'), event('e4', 'dev-2'), event('e4', 'dev-2')]),
      );
      for (let waited = 0; ; waited += 20) {
        const waiting = await t.db.execute<{ n: number }>(sql`
          select count(*)::int as n from pg_stat_activity
           where wait_event_type = 'Lock' and query like '%insert into activity_events%'`);
        if ((waiting.rows[0]?.n ?? 0) > 0) break;
        if (waited > 5_000) throw new Error('the push never waited for the deletion');
        await new Promise((r) => setTimeout(r, 20));
      }
      await deleting.query('commit');
      const res = await answer;
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ success: true, created: 1, duplicates: 1, skipped: 2 });
    } finally {
      deleting.release();
    }
    const stored = await t.db.execute<{ external_id: string; known: boolean }>(sql`
      select e.external_id, exists (select 1 from person_integrations pi where pi.id = e.person_integration_id) as known
        from activity_events e where e.account_id = ${account.id} order by e.external_id`);
    expect(stored.rows).toEqual([{ external_id: 'e4', known: true }]);
    const waiting = await t.db.execute<{ n: number }>(sql`
      select count(*)::int as n from event_inbox i left join activity_events e on e.id = i.event_id
       where e.id is null or e.account_id = ${account.id}`);
    expect(waiting.rows[0]?.n).toBe(0);
    const logged = await t.db.execute<{ response: string }>(sql`
      select response from api_calls where integration_id = ${integration.id} order by created_at desc limit 1`);
    expect(JSON.parse(logged.rows[0]?.response ?? '{}')).toMatchObject({ created: 1, duplicates: 1, skipped: 2 });
  });
});
