import { count, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { client, useTestApp } from '../../../test/app.ts';
import { bearer, createPushIntegration } from '../../../test/factories/integrations.ts';
import { createAccount, createUser } from '../../../test/factories.ts';
import { holdLockInTransaction, lockWaiters as waitingForLocks } from '../../../test/held-transaction.ts';
import type { Ctx } from '../../core/context.ts';
import {
  activityBlocks,
  activityEvents,
  people,
  personDailyRollups,
  personIntegrations,
  presenceSamples,
} from '../../db/schema/activity.ts';
import { integrations } from '../../db/schema/integrations.ts';
import { writeEventsPushes } from '../../pipeline/events-push-commit.ts';
import { prepareEvents } from '../../pipeline/events-store.ts';
import { resolveIdentities } from '../../pipeline/identity.ts';
import { PUMP_LOCK } from '../../pipeline/presence-inbox.ts';
import { startRun } from '../../pipeline/run-recorder.ts';
import { ignorePerson, mergePerson, resurrectPerson, revivePerson } from './lifecycle.ts';

const t = useTestApp();

const ago = (m: number) => new Date(Date.now() - m * 60_000).toISOString();

async function team(maxPeople: number | null = null) {
  const account = await createAccount(t.db, { maxPeople });
  const user = await createUser(t.db, account.id, { role: 'manager' });
  const ctx: Ctx = {
    deps: t.deps,
    db: t.db,
    sessionId: 's',
    userId: user.id,
    email: user.email,
    role: 'manager',
    accountId: account.id,
    accountName: account.name,
    accountStatus: 'active',
    impersonatorId: null,
    ip: '127.0.0.1',
  };
  const push = async (apiKey: string, ident: string, extra: Record<string, unknown> = {}) => {
    for (const [m, status] of [
      [40, 'online'],
      [35, 'online'],
      [30, 'offline'],
    ] as const) {
      const res = await client(t.app)({
        method: 'POST',
        url: '/api/v1/presence',
        headers: bearer(apiKey),
        body: { timestamp: ago(m), source: 't', users: [{ personIdentifier: ident, status, ...extra }] },
      });
      expect(res.statusCode).toBe(200);
    }
    await t.deps.presence.settled();
    await client(t.app)({
      method: 'POST',
      url: '/api/v1/events',
      headers: bearer(apiKey),
      body: {
        timestamp: ago(0),
        source: 't',
        events: [{ externalId: `${ident}-e1`, kind: 'git_commit', timestamp: ago(33), personIdentifier: ident }],
      },
    });
    const [row] = await t.db
      .select({ personId: personIntegrations.personId })
      .from(personIntegrations)
      .where(eq(personIntegrations.externalId, ident));
    return row?.personId as string;
  };
  return { account, ctx, push };
}

async function activityOf(personId: string) {
  const n = async (table: typeof activityBlocks | typeof activityEvents | typeof personDailyRollups) =>
    (await t.db.select({ n: count() }).from(table).where(eq(table.personId, personId)))[0]?.n ?? 0;
  const [samples] = await t.db
    .select({ n: count() })
    .from(presenceSamples)
    .innerJoin(personIntegrations, eq(personIntegrations.id, presenceSamples.personIntegrationId))
    .where(eq(personIntegrations.personId, personId));
  return {
    blocks: await n(activityBlocks),
    events: await n(activityEvents),
    rollups: await n(personDailyRollups),
    samples: samples?.n ?? 0,
  };
}

describe('identity', () => {
  it('keeps a manual timezone over the reported one and refreshes the automatic one', async () => {
    const { account, ctx, push } = await team();
    const { apiKey } = await createPushIntegration(t.deps, account.id);
    const id = await push(apiKey, 'tz-1', { timezone: 'Europe/Paris' });
    await revivePerson(ctx, id, { name: 'Tz Person', timezone: 'Asia/Tokyo' });
    await push(apiKey, 'tz-1', { timezone: 'America/Chicago' });
    const [row] = await t.db.select().from(people).where(eq(people.id, id));
    expect(row).toMatchObject({ timezoneManual: 'Asia/Tokyo', timezoneAutomatic: 'America/Chicago' });
    const [integration] = await t.db.select().from(integrations).where(eq(integrations.accountId, account.id));
    const resolved = await resolveIdentities(t.db, { id: integration?.id as string, accountId: account.id }, [
      { personIdentifier: 'tz-1', timezone: 'Europe/Oslo' },
      { personIdentifier: 'tz-new', name: 'Newcomer', timezone: 'Europe/Oslo' },
    ]);
    expect(resolved.get('tz-1')).toMatchObject({
      personId: id,
      timezone: 'Asia/Tokyo',
      created: false,
      personStatus: 'active',
    });
    expect(resolved.get('tz-new')).toMatchObject({
      timezone: 'Europe/Oslo',
      created: true,
      personStatus: 'unassigned',
    });
  });
});

describe('people lifecycle', () => {
  it('merges every block, event, sample and identity into the target in one step', async () => {
    const { account, ctx, push } = await team();
    const a = await createPushIntegration(t.deps, account.id, { name: 'A' });
    const b = await createPushIntegration(t.deps, account.id, { name: 'B' });
    const target = await push(a.apiKey, 'alice-a');
    const source = await push(b.apiKey, 'alice-b');
    await revivePerson(ctx, target, { name: 'Alice' });
    const before = { t: await activityOf(target), s: await activityOf(source) };
    expect(before.s.blocks).toBeGreaterThan(0);

    await expect(mergePerson(ctx, source, source)).rejects.toMatchObject({ statusCode: 400 });
    const other = await team();
    await expect(mergePerson(other.ctx, source, target)).rejects.toMatchObject({ statusCode: 404 });
    await expect(mergePerson(ctx, source, crypto.randomUUID())).rejects.toMatchObject({ statusCode: 404 });
    expect(await activityOf(source)).toEqual(before.s);

    await mergePerson(ctx, source, target);
    const after = await activityOf(target);
    expect(after.blocks).toBe(before.t.blocks + before.s.blocks);
    expect(after.events).toBe(before.t.events + before.s.events);
    expect(after.samples).toBe(before.t.samples + before.s.samples);
    expect(after.rollups).toBeGreaterThan(0);
    expect(await t.db.select().from(people).where(eq(people.id, source))).toHaveLength(0);
    const ids = await t.db.select().from(personIntegrations).where(eq(personIntegrations.personId, target));
    expect(ids.map((i) => i.externalId).sort()).toEqual(['alice-a', 'alice-b']);

    // New data of the merged identity lands on the target.
    await push(b.apiKey, 'alice-b');
    expect(await t.db.select().from(people).where(eq(people.accountId, account.id))).toHaveLength(1);
  });

  it('ignore deletes activity data and stops tracking; resurrect resumes it', async () => {
    const { account, ctx, push } = await team();
    const { apiKey } = await createPushIntegration(t.deps, account.id);
    const id = await push(apiKey, 'ig-1');
    expect((await activityOf(id)).blocks).toBeGreaterThan(0);
    await t.db.execute(sql`insert into activity_predictions (account_id, person_id, start_time, end_time)
                           values (${account.id}, ${id}, now(), now() + interval '1 hour')`);
    await ignorePerson(ctx, id);
    expect(await activityOf(id)).toEqual({ blocks: 0, events: 0, rollups: 0, samples: 0 });
    const [predictions] = await t.db
      .execute<{ n: number }>(sql`select count(*)::int as n from activity_predictions where person_id = ${id}`)
      .then((r) => r.rows);
    expect(predictions?.n).toBe(0);
    await push(apiKey, 'ig-1');
    expect(await activityOf(id)).toEqual({ blocks: 0, events: 0, rollups: 0, samples: 0 });

    await expect(revivePerson(ctx, id, { name: 'X' })).rejects.toMatchObject({ statusCode: 409 });
    await resurrectPerson(ctx, id);
    await expect(resurrectPerson(ctx, id)).rejects.toMatchObject({ statusCode: 409 });
    const [row] = await t.db.select().from(people).where(eq(people.id, id));
    expect(row?.status).toBe('unassigned');
    await client(t.app)({
      method: 'POST',
      url: '/api/v1/presence',
      headers: bearer(apiKey),
      body: { timestamp: ago(1), source: 't', users: [{ personIdentifier: 'ig-1', status: 'online' }] },
    });
    await t.deps.presence.settled();
    expect((await activityOf(id)).samples).toBe(1);
  });

  it('revive needs a name, checks the timezone and refuses at maxPeople', async () => {
    const { account, ctx, push } = await team(1);
    const { apiKey } = await createPushIntegration(t.deps, account.id);
    const first = await push(apiKey, 'r-1');
    const second = await push(apiKey, 'r-2');
    await expect(revivePerson(ctx, first, { name: ' ' })).rejects.toMatchObject({ statusCode: 400 });
    await expect(revivePerson(ctx, first, { name: 'A', timezone: 'Nowhere/City' })).rejects.toMatchObject({
      statusCode: 400,
    });
    expect(await revivePerson(ctx, first, { name: 'First', timezone: 'America/New_York' })).toEqual({
      id: first,
      status: 'active',
    });
    await expect(revivePerson(ctx, second, { name: 'Second' })).rejects.toMatchObject({
      statusCode: 409,
      code: 'PLAN_LIMIT',
    });
    const [row] = await t.db.select().from(people).where(eq(people.id, second));
    expect(row?.status).toBe('unassigned');
    await expect(revivePerson({ ...ctx, role: 'user' }, second, { name: 'S' })).rejects.toMatchObject({
      statusCode: 403,
    });
  });

  it("revive takes the contract's 100-character name limit and the people quota's message", async () => {
    const { account, ctx, push } = await team(1);
    const { apiKey } = await createPushIntegration(t.deps, account.id);
    const first = await push(apiKey, 'n-1');
    const second = await push(apiKey, 'n-2');
    await expect(revivePerson(ctx, first, { name: 'x'.repeat(101) })).rejects.toMatchObject({
      statusCode: 400,
      message: 'name: must be at most 100 characters',
      extra: { details: [{ field: 'name', message: 'must be at most 100 characters' }] },
    });
    const [untouched] = await t.db.select().from(people).where(eq(people.id, first));
    expect(untouched?.status).toBe('unassigned');
    expect(await revivePerson(ctx, first, { name: 'y'.repeat(100) })).toEqual({ id: first, status: 'active' });
    const [named] = await t.db.select().from(people).where(eq(people.id, first));
    expect(named?.name).toBe('y'.repeat(100));
    await expect(revivePerson(ctx, second, { name: 'Second' })).rejects.toMatchObject({
      statusCode: 409,
      code: 'PLAN_LIMIT',
      message: 'Your plan allows 1 active people. Upgrade your plan or ignore someone first.',
    });
  });
});

const lockWaiters = (text: string) => waitingForLocks(t.db, text);

describe('merging while events are written', () => {
  /** An active target and an unassigned source, each with blocks and an event from its own integration. */
  async function pair(name: string) {
    const { account, ctx, push } = await team();
    const a = await createPushIntegration(t.deps, account.id, { name: 'A' });
    const b = await createPushIntegration(t.deps, account.id, { name: 'B' });
    const target = await push(a.apiKey, `${name}-a`);
    const source = await push(b.apiKey, `${name}-b`);
    await revivePerson(ctx, target, { name: 'W' });
    const [pi] = await t.db.select().from(personIntegrations).where(eq(personIntegrations.personId, source));
    if (!pi) throw new Error('no identity');
    return { account, ctx, target, source, pi };
  }

  const personOfEvent = async (externalId: string) =>
    (
      await t.db
        .select({ personId: activityEvents.personId })
        .from(activityEvents)
        .where(eq(activityEvents.externalId, externalId))
    ).map((e) => e.personId);

  it('waits for an event being written for the source, and moves it too', async () => {
    const { account, ctx, target, source, pi } = await pair('flight');
    // An events statement in flight: the identity key-share locked, its event not committed yet.
    const writing = await holdLockInTransaction(t.db, async (tx) => {
      await tx.execute(sql`select id from person_integrations where id = ${pi.id} for key share`);
      await tx.execute(sql`
        insert into activity_events (account_id, integration_id, person_id, person_integration_id, external_id, kind,
                                     timestamp)
        values (${account.id}, ${pi.integrationId}, ${source}, ${pi.id}, 'in-flight', 'git_commit', now())`);
    });
    const merged = mergePerson(ctx, source, target);
    try {
      await expect.poll(() => lockWaiters('for update'), { timeout: 5_000 }).toBe(1);
    } finally {
      await writing.release();
    }
    await merged;
    expect(await personOfEvent('in-flight')).toEqual([target]);
  });

  it("waits for the pump's round in progress before it locks anything", async () => {
    const { ctx, target, source } = await pair('pump');
    // A round in progress holds the pump's lock (it takes it before its row locks); the merge takes
    // it first too, so a round never waits for the people the merge holds while the merge waits for
    // the inbox rows the round took.
    const round = await holdLockInTransaction(t.db, (tx) =>
      tx.execute(sql`select pg_advisory_xact_lock(${PUMP_LOCK})`),
    );
    let merged: Promise<unknown> = Promise.resolve();
    try {
      merged = mergePerson(ctx, source, target);
      await expect.poll(() => lockWaiters('pg_advisory_xact_lock'), { timeout: 5_000 }).toBe(1);
      const [person] = await t.db.select({ id: people.id }).from(people).where(eq(people.id, source));
      expect(person).toEqual({ id: source });
    } finally {
      await round.release();
    }
    await merged;
    expect(await t.db.select().from(people).where(eq(people.id, source))).toEqual([]);
  });

  it('an events push that waited for the merge stores its events under the target', async () => {
    const { account, ctx, target, source, pi } = await pair('waited');
    const integration = { id: pi.integrationId, accountId: account.id };
    // Prepared before the merge: the push's identity lookup still gives the source.
    const pool = t.deps.database.pool;
    const prepared = await prepareEvents(
      t.db,
      integration,
      [{ externalId: 'after-merge', kind: 'git_commit', timestamp: ago(1), personIdentifier: 'waited-b' }],
      undefined,
      { behind: { pool } },
    );
    expect(prepared.rows.map((r) => r.person_id)).toEqual([source]);
    const run = await startRun(t.db, integration, 'push', { deferInsert: true });
    const { run: runRow, events: runEvents } = run.successRows(
      { peopleFound: 1, eventsCreated: 0 },
      { complete: false },
    );

    // The merge is held half way (one of the source's blocks is locked), holding the source's identities.
    const block = await holdLockInTransaction(t.db, (tx) =>
      tx.execute(sql`select id from activity_blocks where person_id = ${source} limit 1 for update`),
    );
    let merged: Promise<unknown> = Promise.resolve();
    let written: Promise<unknown> = Promise.resolve();
    try {
      merged = mergePerson(ctx, source, target);
      await expect.poll(() => lockWaiters('update activity_blocks'), { timeout: 5_000 }).toBe(1);
      written = writeEventsPushes(pool, [{ integration, ...prepared, run: runRow, runEvents, apiCall: null }]);
      await expect.poll(() => lockWaiters('insert into activity_events'), { timeout: 5_000 }).toBe(1);
    } finally {
      await block.release();
    }
    await merged;
    expect(await written).toEqual([{ created: 1, gone: 0 }]);
    expect(await personOfEvent('after-merge')).toEqual([target]);
  });
});
