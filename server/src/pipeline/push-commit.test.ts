import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { client, createTestApp, type TestApp } from '../../test/app.ts';
import { createIntegration, createTrackedPerson } from '../../test/factories/activity.ts';
import { createAccount } from '../../test/factories.ts';
import { type EventsPushWrite, eventsPushCommitter } from './events-push-commit.ts';
import { createBatcher } from './group-batcher.ts';
import { type PresencePushWrite, presencePushCommitter } from './push-commit.ts';
import type { RunRow } from './run-recorder.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const count = async (sql: string, params: unknown[] = []) =>
  (await t.deps.database.pool.query<{ n: number }>(sql, params)).rows[0]?.n;

/** A successful push run of the tracked person's integration, started and finished at `at`. */
const pushRun = (tracked: { pi: { accountId: string; integrationId: string } }, id: string, at: string): RunRow => ({
  id,
  integration_id: tracked.pi.integrationId,
  account_id: tracked.pi.accountId,
  trigger: 'push',
  status: 'success',
  started_at: at,
  finished_at: at,
  duration_ms: 3,
  people_found: 1,
  events_created: 0,
});

function pushWrite(
  tracked: { pi: { id: string; accountId: string; integrationId: string } },
  minute: number,
): PresencePushWrite {
  const runId = randomUUID();
  const at = new Date(Date.UTC(2025, 5, 10, 9, minute)).toISOString();
  return {
    inbox: [
      {
        accountId: tracked.pi.accountId,
        integrationId: tracked.pi.integrationId,
        personIntegrationId: tracked.pi.id,
        at: new Date(at),
        status: 'online',
        timezone: null,
        details: null,
      },
    ],
    run: pushRun(tracked, runId, at),
    runEvents: [{ run_id: runId, event: 'milestone', ts: at, dur: null, details: { minute } }],
    apiCall: {
      integration_id: tracked.pi.integrationId,
      account_id: tracked.pi.accountId,
      method: 'POST',
      endpoint: '/api/v1/presence',
      status_code: 200,
      duration_ms: 3,
      payload: `{"minute":${minute}}`,
      response: '{"success":true}',
    },
  };
}

describe('group commit of presence pushes', () => {
  it('writes the pushes handed in together in one statement, every one of them durable and visible', async () => {
    const account = await createAccount(t.db);
    const integration = await createIntegration(t.db, account.id);
    const tracked = await createTrackedPerson(t.db, account.id, {}, integration);
    const committer = presencePushCommitter(t.deps.database.pool);
    const before = committer.stats();
    await t.deps.presence.stop(); // keep the inbox as written
    await Promise.all(Array.from({ length: 10 }, (_, m) => committer.submit(pushWrite(tracked, m))));
    expect(committer.stats()).toEqual({ batches: before.batches + 1, items: before.items + 10 });

    expect(
      await count(
        'select count(*)::int as n from presence_inbox i, unnest(i.person_integration_ids) as w(pi) where w.pi = $1',
        [tracked.pi.id],
      ),
    ).toBe(10);
    expect(
      await count('select count(*)::int as n from integration_runs where integration_id = $1', [integration.id]),
    ).toBe(10);
    expect(
      await count(
        `select count(*)::int as n from integration_run_events e join integration_runs r on r.id = e.run_id
          where r.integration_id = $1 and e.event = 'milestone'`,
        [integration.id],
      ),
    ).toBe(10);
    expect(await count('select count(*)::int as n from api_calls where integration_id = $1', [integration.id])).toBe(
      10,
    );
    const lastRun = await t.deps.database.pool.query<{ at: Date }>(
      'select last_run_at as at from integrations where id = $1',
      [integration.id],
    );
    expect(lastRun.rows[0]?.at.toISOString()).toBe('2025-06-10T09:09:00.000Z');
  });

  it('fails only the push whose own write fails; the others of its group are committed', async () => {
    const account = await createAccount(t.db);
    const integration = await createIntegration(t.db, account.id);
    const tracked = await createTrackedPerson(t.db, account.id, {}, integration);
    const bad = pushWrite(tracked, 30);
    bad.run.integration_id = randomUUID(); // no such integration: its run breaks the foreign key
    const results = await Promise.allSettled([
      presencePushCommitter(t.deps.database.pool).submit(pushWrite(tracked, 31)),
      presencePushCommitter(t.deps.database.pool).submit(bad),
      presencePushCommitter(t.deps.database.pool).submit(pushWrite(tracked, 32)),
    ]);
    expect(results.map((r) => r.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
    expect(
      await count('select count(*)::int as n from integration_runs where integration_id = $1', [integration.id]),
    ).toBe(2);
    expect(
      await count(
        `select count(*)::int as n from presence_inbox i, unnest(i.person_integration_ids) as w(pi)
          where w.pi = $1 and i.at >= '2025-06-10T09:30:00Z'`,
        [tracked.pi.id],
      ),
    ).toBe(2);
  });

  it('pushes through the API answer once their group is committed', async () => {
    // Through HTTP: each answered push is in the inbox (or already applied) with its run and log row.
    const { issueApiKey } = await import('../modules/integrations/api-keys.ts');
    const account = await createAccount(t.db, { features: ['custom-integrations'] });
    const key = issueApiKey(t.deps.secrets);
    const integration = await t.deps.database.pool.query<{ id: string }>(
      `insert into integrations (account_id, service_id, name, kind, status, api_key_hash, api_key_encrypted)
       select $1, s.id, 'Grouped', 'presence', 'active', $2, $3 from services s where s.provider = 'custom' returning id`,
      [account.id, key.apiKeyHash, key.apiKeyEncrypted],
    );
    const integrationId = integration.rows[0]?.id;
    const answers = await Promise.all(
      Array.from({ length: 6 }, (_, n) =>
        client(t.app)({
          method: 'POST',
          url: '/api/v1/presence',
          headers: { authorization: `Bearer ${key.apiKey}` },
          body: {
            timestamp: new Date(Date.UTC(2025, 5, 11, 9, n)).toISOString(),
            source: 'group',
            users: [{ personIdentifier: `g-${n}`, status: 'online' }],
          },
        }),
      ),
    );
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200, 200, 200, 200, 200]);
    const runIds = answers.map((a) => (a.json() as { runId: string }).runId);
    expect(
      await count('select count(*)::int as n from integration_runs where id = any($1::uuid[]) and status = $2', [
        runIds,
        'success',
      ]),
    ).toBe(6);
    expect(
      await count(
        'select sum(cardinality(person_integration_ids))::int as n from presence_inbox where integration_id = $1',
        [integrationId],
      ),
    ).toBe(6);
    expect(
      await count('select count(*)::int as n from api_calls where integration_id = $1 and status_code = 200', [
        integrationId,
      ]),
    ).toBe(6);
  });
});

function eventsWrite(
  tracked: { person: { id: string }; pi: { id: string; accountId: string; integrationId: string } },
  n: number,
): EventsPushWrite {
  const runId = randomUUID();
  const at = new Date(Date.UTC(2025, 5, 11, 9, n)).toISOString();
  return {
    integration: { id: tracked.pi.integrationId, accountId: tracked.pi.accountId },
    rows: [
      {
        person_id: tracked.person.id,
        pi_id: tracked.pi.id,
        external_id: `shared-${n}`,
        kind: 'git_commit',
        at: Date.parse(at),
        title: null,
        url: null,
        metadata: {},
      },
    ],
    duplicates: 0,
    skipped: 0,
    run: pushRun(tracked, runId, at),
    runEvents: [{ run_id: runId, event: 'milestone', ts: at, dur: null, details: { n } }],
    apiCall: null,
  };
}

describe('group commit of events pushes', () => {
  it('writes the pushes handed in together in one statement, and a failing push fails alone', async () => {
    const account = await createAccount(t.db);
    const integration = await createIntegration(t.db, account.id, { kind: 'events' });
    const tracked = await createTrackedPerson(t.db, account.id, {}, integration);
    const committer = eventsPushCommitter(t.deps.database.pool);
    const before = committer.stats();
    const bad = eventsWrite(tracked, 2);
    bad.run.integration_id = randomUUID(); // no such integration: its run breaks the foreign key
    const again = eventsWrite(tracked, 4); // the same event as push 3: stored once
    const results = await Promise.allSettled(
      [eventsWrite(tracked, 1), bad, eventsWrite(tracked, 3), { ...again, rows: eventsWrite(tracked, 3).rows }].map(
        (w) => committer.submit(w),
      ),
    );
    expect(results.map((r) => (r.status === 'fulfilled' ? r.value.created : 'failed'))).toEqual([1, 'failed', 1, 0]);
    // The group of four failed as a whole, then each was written alone: three single commits.
    expect(committer.stats()).toEqual({ batches: before.batches + 3, items: before.items + 3 });
    const stored = await t.deps.database.pool.query<{ external_id: string }>(
      'select external_id from activity_events where integration_id = $1 order by external_id',
      [integration.id],
    );
    expect(stored.rows.map((r) => r.external_id)).toEqual(['shared-1', 'shared-3']);
    expect(
      await count(
        'select count(*)::int as n from event_inbox i join activity_events e on e.id = i.event_id where e.integration_id = $1',
        [integration.id],
      ),
    ).toBe(2);
    const runs = await t.deps.database.pool.query<{ events_created: number }>(
      'select events_created from integration_runs where integration_id = $1 order by started_at',
      [integration.id],
    );
    expect(runs.rows.map((r) => r.events_created)).toEqual([1, 1, 0]);
  });

  it('answers concurrent events pushes through the API with every event and run committed', async () => {
    const { issueApiKey } = await import('../modules/integrations/api-keys.ts');
    const account = await createAccount(t.db, { features: ['custom-integrations'] });
    const key = issueApiKey(t.deps.secrets);
    const created = await t.deps.database.pool.query<{ id: string }>(
      `insert into integrations (account_id, service_id, name, kind, status, api_key_hash, api_key_encrypted)
       select $1, s.id, 'Grouped events', 'events', 'active', $2, $3 from services s where s.provider = 'custom' returning id`,
      [account.id, key.apiKeyHash, key.apiKeyEncrypted],
    );
    const integrationId = created.rows[0]?.id;
    const answers = await Promise.all(
      Array.from({ length: 5 }, (_, n) =>
        client(t.app)({
          method: 'POST',
          url: '/api/v1/events',
          headers: { authorization: `Bearer ${key.apiKey}` },
          body: {
            timestamp: '2025-06-12T10:00:00Z',
            source: 'group',
            events: [0, 1].map((e) => ({
              externalId: `ev-${n}-${e}`,
              kind: 'git_commit',
              timestamp: '2025-06-12T09:00:00Z',
              personIdentifier: `dev-${n % 2}`,
            })),
          },
        }),
      ),
    );
    expect(answers.map((a) => [a.statusCode, (a.json() as { created: number }).created])).toEqual([
      [200, 2],
      [200, 2],
      [200, 2],
      [200, 2],
      [200, 2],
    ]);
    expect(
      await count('select count(*)::int as n from activity_events where integration_id = $1', [integrationId]),
    ).toBe(10);
    expect(
      await count(
        `select count(*)::int as n from integration_runs where integration_id = $1 and status = 'success' and events_created = 2`,
        [integrationId],
      ),
    ).toBe(5);
  });
});

describe('the group batcher', () => {
  it('bounds a group by items and rows, and writes what arrived during a write as the next group', async () => {
    const groups: number[][] = [];
    const batcher = createBatcher<number, number>({
      run: async (items) => {
        groups.push(items);
        await new Promise((r) => setTimeout(r, 5));
        return items.map((i) => i * 10);
      },
      rows: (i) => (i === 7 ? 50 : 1),
      maxItems: 4,
      maxRows: 50,
      windowMs: 1,
      maxInFlight: 1,
    });
    const results = await Promise.all([1, 2, 3, 4, 5, 6, 7, 8].map((i) => batcher.submit(i)));
    expect(results).toEqual([10, 20, 30, 40, 50, 60, 70, 80]);
    expect(groups).toEqual([[1, 2, 3, 4], [5, 6], [7], [8]]);
    expect(batcher.stats()).toEqual({ batches: 4, items: 8 });
  });

  /** Items 1 and 2 submitted 10 ms apart to a batcher whose writes take 40 ms: its groups, and how many were written at once. */
  async function twoItemsApart(startWhileWriting: boolean) {
    const groups: number[][] = [];
    let writing = 0;
    let mostAtOnce = 0;
    const batcher = createBatcher<number, number>({
      run: async (items) => {
        groups.push(items);
        writing++;
        mostAtOnce = Math.max(mostAtOnce, writing);
        await new Promise((r) => setTimeout(r, 40));
        writing--;
        return items;
      },
      maxItems: 10,
      maxRows: 100,
      windowMs: 1,
      maxInFlight: 2,
      startWhileWriting,
    });
    const first = batcher.submit(1);
    await new Promise((r) => setTimeout(r, 10));
    await Promise.all([first, batcher.submit(2)]);
    return { groups, mostAtOnce };
  }

  it('starts a group while another is written only when told to', async () => {
    expect(await twoItemsApart(true)).toEqual({ groups: [[1], [2]], mostAtOnce: 2 });
    expect(await twoItemsApart(false)).toEqual({ groups: [[1], [2]], mostAtOnce: 1 });
  });
});
