import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { createIntegration, createTrackedPerson } from '../../test/factories/engine.ts';
import { createAccount } from '../../test/factories.ts';
import { holdLockInTransaction, lockWaiters as waitingForLocks } from '../../test/held-transaction.ts';
import { eventInboxIsEmpty } from './event-inbox.ts';
import { type InboxEntry, inboxInsertCte } from './presence-inbox.ts';
import { createPresencePump } from './presence-pump.ts';

const MIN = 60_000;
const T0 = Date.UTC(2025, 2, 3, 8, 0);
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

async function member() {
  const account = await createAccount(t.db);
  const integration = await createIntegration(t.db, account.id);
  const person = await createTrackedPerson(t.db, account.id, integration.id);
  const entry = (minute: number): InboxEntry => ({
    accountId: account.id,
    integrationId: integration.id,
    personIntegrationId: person.personIntegrationId,
    at: new Date(T0 + minute * MIN),
    status: 'online',
    timezone: null,
    details: null,
  });
  return { accountId: account.id, ...person, entry };
}

const enqueue = (entries: InboxEntry[]) => t.db.execute(sql`with ${inboxInsertCte(entries)} select 1`);

async function waiting(personIntegrationId: string): Promise<number> {
  const result = await t.db.execute<{ n: number }>(
    sql`select count(*)::int as n from presence_inbox i, unnest(i.person_integration_ids) as w(pi)
         where w.pi = ${personIntegrationId}`,
  );
  return result.rows[0]?.n ?? -1;
}

async function samplesOf(personIntegrationId: string): Promise<number[]> {
  const result = await t.db.execute<{ ms: number }>(
    sql`select (extract(epoch from at) * 1000)::float8 as ms from presence_samples
         where person_integration_id = ${personIntegrationId} order by at`,
  );
  return result.rows.map((r) => r.ms - T0);
}

/** Holds a person's row lock (as an identity writer does) until released: the pump's round waits on it. */
const holdPerson = (personId: string) =>
  holdLockInTransaction(t.db, (tx) => tx.execute(sql`select id from people where id = ${personId} for update`));

/** Sessions of this test's database waiting for a lock. */
const lockWaiters = () => waitingForLocks(t.db);

describe('presence pump', () => {
  it('leaves the presence inbox alone in rounds kicked by events pushes only', async () => {
    const who = await member();
    const pump = createPresencePump({ db: t.db, notify: async () => {} });
    try {
      // A process's first round reads both inboxes.
      await pump.flush();
      // Presence another process accepted (and will apply itself), and an event pushed here.
      await enqueue([who.entry(0)]);
      await t.db.execute(sql`
        with e as (
          insert into activity_events (account_id, integration_id, person_id, person_integration_id, external_id, kind,
                                       timestamp)
          select ${who.accountId}, pi.integration_id, ${who.personId}, pi.id, 'pump-e1', 'git_commit', ${new Date(T0).toISOString()}
            from person_integrations pi where pi.id = ${who.personIntegrationId}
          returning id, account_id, integration_id, person_id, person_integration_id, kind, timestamp
        )
        insert into event_inbox (event_id, account_id, integration_id, person_id, person_integration_id, kind, timestamp)
        select * from e`);
      pump.kick('events');
      await expect.poll(() => eventInboxIsEmpty(t.db), { timeout: 5_000 }).toBe(true);
      await pump.stop();
      expect(await waiting(who.personIntegrationId)).toBe(1);
      const seen = await t.db.execute<{ ms: number }>(sql`
        select (extract(epoch from last_seen_at) * 1000)::float8 as ms from person_integrations
         where id = ${who.personIntegrationId}`);
      expect(seen.rows[0]?.ms).toBe(T0);
    } finally {
      await pump.stop();
    }
    const again = createPresencePump({ db: t.db, notify: async () => {} });
    try {
      again.kick();
      await expect.poll(() => waiting(who.personIntegrationId), { timeout: 5_000 }).toBe(0);
      await again.flush();
      expect(await samplesOf(who.personIntegrationId)).toEqual([0]);
    } finally {
      await again.stop();
    }
  });

  it('retries a failed round on its own: the rows stay in the inbox and are applied once', async () => {
    const who = await member();
    const errors: string[] = [];
    const notified: string[] = [];
    const pump = createPresencePump({
      db: t.db,
      notify: async (accountId, topic) => void notified.push(`${accountId}:${topic}`),
      onError: (err) => errors.push(String(err instanceof Error ? err.cause : err)),
    });
    // The first sample written for this person fails its round's transaction; later ones pass.
    await t.db.execute(
      sql.raw(`
      create sequence pump_fault;
      create function pump_fault() returns trigger language plpgsql as $$
      begin
        if nextval('pump_fault') = 1 then raise exception 'injected storage failure'; end if;
        return new;
      end $$;
      create trigger pump_fault before insert on presence_samples for each row
        when (new.person_integration_id = '${who.personIntegrationId}') execute function pump_fault();`),
    );
    try {
      await enqueue([who.entry(0), who.entry(5), who.entry(10)]);
      pump.kick();
      await expect.poll(() => errors, { timeout: 5_000 }).toHaveLength(1);
      expect(errors[0]).toContain('injected storage failure');
      expect(await waiting(who.personIntegrationId)).toBe(3);
      expect(await samplesOf(who.personIntegrationId)).toEqual([]);
      expect(notified).toEqual([]);
      // No kick: the pump's own retry applies them.
      await expect.poll(() => waiting(who.personIntegrationId), { timeout: 10_000 }).toBe(0);
      await pump.flush();
      expect(await samplesOf(who.personIntegrationId)).toEqual([0, 5 * MIN, 10 * MIN]);
      expect(errors).toHaveLength(1);
      expect(notified).toEqual([`${who.accountId}:presence`]);
      const person = await t.db.execute<{ last_seen_at: Date }>(
        sql`select last_seen_at from people where id = ${who.personId}`,
      );
      expect(new Date(person.rows[0]?.last_seen_at as Date).getTime()).toBe(T0 + 10 * MIN);
    } finally {
      await pump.stop();
      await t.db.execute(
        sql.raw('drop trigger pump_fault on presence_samples; drop function pump_fault; drop sequence pump_fault;'),
      );
    }
  });

  it('over a full round, goes on at once and holds pushers (keepUp) until the round in progress ends', async () => {
    const first = await member();
    const second = await member();
    const notified: string[] = [];
    const pump = createPresencePump({
      db: t.db,
      notify: async (accountId) => void notified.push(accountId),
      batch: 2,
      keepUpMaxMs: 60_000,
    });
    let lock: Awaited<ReturnType<typeof holdPerson>> | null = null;
    try {
      // Within a round's bound nobody waits.
      await pump.keepUp();
      await enqueue([first.entry(0), first.entry(5)]);
      await enqueue([second.entry(10), second.entry(15)]);
      await enqueue([second.entry(20)]);
      lock = await holdPerson(second.personId);
      pump.kick();
      // Round 1 takes the oldest samples, the first member's two (a full batch), round 2 follows
      // without a kick and waits on the second member's lock.
      await expect.poll(() => samplesOf(first.personIntegrationId), { timeout: 5_000 }).toEqual([0, 5 * MIN]);
      await expect.poll(lockWaiters, { timeout: 5_000 }).toBe(1);
      let caughtUp = false;
      const pusher = pump.keepUp().then(() => {
        caughtUp = true;
      });
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(caughtUp).toBe(false);
      await lock.release();
      lock = null;
      await pusher;
      expect(await samplesOf(second.personIntegrationId)).toEqual([10 * MIN, 15 * MIN]);
      await pump.flush();
      expect(await samplesOf(second.personIntegrationId)).toEqual([10 * MIN, 15 * MIN, 20 * MIN]);
      expect(await waiting(first.personIntegrationId)).toBe(0);
      expect(await waiting(second.personIntegrationId)).toBe(0);
      expect(notified).toEqual([first.accountId, second.accountId, second.accountId]);
      // The last round was not full: pushers go on at once again.
      await pump.keepUp();
    } finally {
      await lock?.release();
      await pump.stop();
    }
  });

  it('under load starts the next round a gap after the last one started, not at once, and a flush does not wait', async () => {
    const first = await member();
    const second = await member();
    const third = await member();
    const notified: string[] = [];
    const pump = createPresencePump({
      db: t.db,
      notify: async (accountId) => void notified.push(accountId),
      roundGapMs: 3_000,
    });
    let lock: Awaited<ReturnType<typeof holdPerson>> | null = null;
    try {
      await enqueue([first.entry(0)]);
      lock = await holdPerson(first.personId);
      pump.kick();
      await expect.poll(lockWaiters, { timeout: 5_000 }).toBe(1);
      // A push while round 1 runs: its round comes after the gap, counted from round 1's start.
      await enqueue([second.entry(0)]);
      pump.kick();
      await lock.release();
      lock = null;
      await expect.poll(() => samplesOf(first.personIntegrationId), { timeout: 5_000 }).toEqual([0]);
      await new Promise((resolve) => setTimeout(resolve, 500));
      expect(await waiting(second.personIntegrationId)).toBe(1);
      expect(notified).toEqual([first.accountId]);
      // No further kick: the round after the gap applies it.
      await expect.poll(() => waiting(second.personIntegrationId), { timeout: 10_000 }).toBe(0);
      expect(await samplesOf(second.personIntegrationId)).toEqual([0]);
      expect(notified).toEqual([first.accountId, second.accountId]);
      // The round goes on after its commit (the event inbox's turn): a kick before it ends would
      // count as load and wait for the gap. Once it has ended the pump is idle.
      await new Promise((resolve) => setTimeout(resolve, 500));
      // A kick while idle still starts a round shortly (no gap to wait), and a flush drains at once.
      await enqueue([third.entry(0)]);
      pump.kick();
      await expect.poll(() => waiting(third.personIntegrationId), { timeout: 2_000 }).toBe(0);
      await enqueue([third.entry(5)]);
      await pump.flush();
      expect(await samplesOf(third.personIntegrationId)).toEqual([0, 5 * MIN]);
    } finally {
      await lock?.release();
      await pump.stop();
    }
  });

  it('holds a pusher for a bounded time only, while the round in progress goes on', async () => {
    const first = await member();
    const second = await member();
    const pump = createPresencePump({ db: t.db, notify: async () => {}, batch: 2, keepUpMaxMs: 200 });
    let lock: Awaited<ReturnType<typeof holdPerson>> | null = null;
    try {
      await enqueue([first.entry(0), first.entry(5)]);
      await enqueue([second.entry(10), second.entry(15)]);
      lock = await holdPerson(second.personId);
      pump.kick();
      // Round 1 was full; round 2 waits on the second member's lock.
      await expect.poll(() => samplesOf(first.personIntegrationId), { timeout: 5_000 }).toEqual([0, 5 * MIN]);
      await expect.poll(lockWaiters, { timeout: 5_000 }).toBe(1);
      await pump.keepUp();
      // The pusher went on; the round is still where it was.
      expect(await lockWaiters()).toBe(1);
      expect(await samplesOf(second.personIntegrationId)).toEqual([]);
      await lock.release();
      lock = null;
      await pump.flush();
      expect(await samplesOf(second.personIntegrationId)).toEqual([10 * MIN, 15 * MIN]);
    } finally {
      await lock?.release();
      await pump.stop();
    }
  });
});
