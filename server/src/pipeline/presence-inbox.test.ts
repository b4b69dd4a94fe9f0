import { asc, eq, sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { createIntegration, createTrackedPerson } from '../../test/factories/engine.ts';
import { createAccount } from '../../test/factories.ts';
import { holdLockInTransaction } from '../../test/held-transaction.ts';
import { activityBlocks, type PresenceStatus, people, personIntegrations } from '../db/schema/activity.ts';
import { applyPresenceSamples } from '../engine/apply-presence.ts';
import {
  discardWaitingPresence,
  drainPresenceInbox,
  holdPresenceInbox,
  type InboxEntry,
  inboxInsertCte,
} from './presence-inbox.ts';

const MIN = 60_000;
const T0 = Date.UTC(2025, 2, 3, 8, 0);
const NOW = new Date(T0 + 2 * 24 * 60 * MIN);
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

async function team(size: number) {
  const account = await createAccount(t.db);
  const integrations = [await createIntegration(t.db, account.id), await createIntegration(t.db, account.id)];
  const members: { personId: string; personIntegrationId: string; integrationId: string }[] = [];
  for (const integration of integrations) {
    for (let i = 0; i < size; i++) {
      const person = await createTrackedPerson(t.db, account.id, integration.id, { timezone: null });
      members.push({ ...person, integrationId: integration.id });
    }
  }
  const entry = (member: (typeof members)[number], minute: number, status: PresenceStatus): InboxEntry => ({
    accountId: account.id,
    integrationId: member.integrationId,
    personIntegrationId: member.personIntegrationId,
    at: new Date(T0 + minute * MIN),
    status,
    timezone: 'Europe/Berlin',
    details: null,
  });
  return { account, integrations, members, entry };
}

const enqueue = (entries: InboxEntry[]) => t.db.execute(sql`with ${inboxInsertCte(entries)} select 1`);

async function drainAll() {
  for (;;) {
    const result = await drainPresenceInbox(t.db, NOW);
    if (!result.locked) throw new Error('the inbox is held');
    if (!result.more) return result;
  }
}

async function blocksOf(personIntegrationId: string) {
  const rows = await t.db
    .select()
    .from(activityBlocks)
    .where(eq(activityBlocks.personIntegrationId, personIntegrationId))
    .orderBy(asc(activityBlocks.startTime));
  return rows.map((b) => ({ start: b.startTime.getTime(), end: b.endTime?.getTime() ?? null }));
}

const statuses: PresenceStatus[] = ['online', 'online', 'meeting', 'dnd', 'away', 'offline'];

describe('presence inbox', () => {
  it('applies any split of pushes across integrations exactly as the engine applies them directly', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.tuple(fc.nat(3), fc.integer({ min: 0, max: 180 }), fc.constantFrom(...statuses)), {
          minLength: 1,
          maxLength: 40,
        }),
        fc.integer({ min: 1, max: 5 }),
        async (raw, drains) => {
          const { account, members, entry } = await team(2);
          const reference = await team(2);
          const entries = raw.map(([who, minute, status]) =>
            entry(members[who] as (typeof members)[number], minute, status),
          );
          // Pushed in several drains, as rounds of a loaded server would take them.
          const per = Math.ceil(entries.length / drains);
          for (let i = 0; i < entries.length; i += per) {
            await enqueue(entries.slice(i, i + per));
            await drainAll();
          }
          // The same samples applied straight to the engine, integration by integration.
          for (const [n, integration] of reference.integrations.entries()) {
            const samples = raw
              .filter(([who]) => Math.floor(who / 2) === n)
              .map(([who, minute, status]) => {
                const member = reference.members[who] as (typeof members)[number];
                return {
                  personIntegrationId: member.personIntegrationId,
                  personId: member.personId,
                  at: new Date(T0 + minute * MIN),
                  status,
                  timezone: 'Europe/Berlin',
                };
              });
            if (samples.length > 0) {
              await applyPresenceSamples(t.db, {
                accountId: reference.account.id,
                integrationId: integration.id,
                stepMinutes: 5,
                samples,
                now: NOW,
              });
            }
          }
          for (const [i, member] of members.entries()) {
            const other = reference.members[i] as (typeof members)[number];
            expect(await blocksOf(member.personIntegrationId)).toEqual(await blocksOf(other.personIntegrationId));
          }
          expect(account.id).not.toBe(reference.account.id);
        },
      ),
      { numRuns: 10 },
    );
    // Each run creates two teams: a PostgreSQL with slow commits (CI's older server) needs the time.
  }, 180_000);

  it('refreshes lastSeenAt, isOnline and the automatic timezone from the newest sighting, whatever the order', async () => {
    const { members, entry } = await team(1);
    const member = members[0] as (typeof members)[number];
    await enqueue([
      { ...entry(member, 25, 'offline'), timezone: null },
      { ...entry(member, 20, 'offline'), timezone: 'Asia/Tokyo', details: { floor: 3, team: 'platform' } },
      entry(member, 10, 'online'),
      { ...entry(member, 15, 'online'), details: { team: 'core', desk: 'B2' } },
    ]);
    const result = await drainAll();
    expect(result.applied).toBe(4);
    const [person] = await t.db.select().from(people).where(eq(people.id, member.personId));
    // The newest timezone reported, and every sighting's details merged in time order.
    expect(person).toMatchObject({
      isOnline: false,
      lastSeenAt: new Date(T0 + 25 * MIN),
      timezoneAutomatic: 'Asia/Tokyo',
      details: { team: 'platform', desk: 'B2', floor: 3 },
    });
    const [pi] = await t.db
      .select()
      .from(personIntegrations)
      .where(eq(personIntegrations.id, member.personIntegrationId));
    expect(pi?.lastStatus).toBe('offline');
    expect(await blocksOf(member.personIntegrationId)).toEqual([{ start: T0 + 10 * MIN, end: T0 + 20 * MIN }]);
  });

  it('drops the waiting presence of a person ignored after the push', async () => {
    const { members, entry } = await team(1);
    const member = members[0] as (typeof members)[number];
    await enqueue([entry(member, 0, 'online'), entry(member, 5, 'online')]);
    await t.db.update(people).set({ status: 'ignored' }).where(eq(people.id, member.personId));
    const result = await drainAll();
    expect(result.applied).toBe(0);
    expect(await blocksOf(member.personIntegrationId)).toEqual([]);
    const left = await t.db.execute<{ n: number }>(
      sql`select count(*)::int as n from presence_inbox i, unnest(i.person_integration_ids) as w(pi)
           where w.pi = ${member.personIntegrationId}`,
    );
    expect(left.rows[0]?.n).toBe(0);
  });

  it("discards one person's waiting samples and keeps the other people pushed with them", async () => {
    const { members, entry, integrations } = await team(2);
    const [ada, bob] = members as [(typeof members)[number], (typeof members)[number]];
    // Two pushes, each naming both: one inbox row each.
    await enqueue([entry(ada, 0, 'online'), entry(bob, 0, 'online')]);
    await enqueue([entry(ada, 5, 'online'), entry(bob, 5, 'away')]);
    const waiting = async () =>
      (
        await t.db.execute<{ pi: string; minute: number; status: string }>(sql`
          select w.pi, ((extract(epoch from i.at) * 1000 - ${T0}) / ${MIN})::int as minute, w.status
            from presence_inbox i, unnest(i.person_integration_ids, i.statuses) as w(pi, status)
           where i.integration_id = ${ada.integrationId}
           order by minute, w.status`)
      ).rows.map((r) => `${r.pi === ada.personIntegrationId ? 'ada' : 'bob'}@${r.minute}:${r.status}`);
    expect(await waiting()).toEqual(['ada@0:online', 'bob@0:online', 'bob@5:away', 'ada@5:online']);
    await t.db.transaction(async (tx) => {
      await holdPresenceInbox(tx);
      await discardWaitingPresence(
        tx,
        sql`person_integration_id = ${ada.personIntegrationId} and at >= ${new Date(T0 + 5 * MIN)}`,
      );
    });
    expect(await waiting()).toEqual(['ada@0:online', 'bob@0:online', 'bob@5:away']);
    await t.db.transaction(async (tx) => {
      await holdPresenceInbox(tx);
      await discardWaitingPresence(tx, sql`person_integration_id = ${ada.personIntegrationId}`);
    });
    expect(await waiting()).toEqual(['bob@0:online', 'bob@5:away']);
    // A whole push's samples gone: its row goes.
    await t.db.transaction(async (tx) => {
      await holdPresenceInbox(tx);
      await discardWaitingPresence(
        tx,
        sql`integration_id = ${(integrations[0] as { id: string }).id} and at < ${new Date(T0 + MIN)}`,
      );
    });
    expect(await waiting()).toEqual(['bob@5:away']);
    const rows = await t.db.execute<{ n: number }>(
      sql`select count(*)::int as n from presence_inbox where integration_id = ${ada.integrationId}`,
    );
    expect(rows.rows[0]?.n).toBe(1);
    expect(await drainAll()).toMatchObject({ applied: 1, more: false });
    const stored = await t.db.execute<{ pi: string }>(
      sql`select person_integration_id as pi from presence_samples
           where person_integration_id in (${ada.personIntegrationId}, ${bob.personIntegrationId})`,
    );
    expect(stored.rows.map((r) => r.pi)).toEqual([bob.personIntegrationId]);
  });

  it('takes whole pushes: a round that reaches its bound within a push takes the rest of that push too', async () => {
    const { members, entry } = await team(3);
    const onFirst = members.slice(0, 3);
    await enqueue(onFirst.map((m) => entry(m, 0, 'online')));
    await enqueue(onFirst.map((m) => entry(m, 5, 'online')));
    expect(await drainPresenceInbox(t.db, NOW, 2)).toMatchObject({ applied: 3, more: true });
    expect(await drainPresenceInbox(t.db, NOW, 2)).toMatchObject({ applied: 3, more: true });
    expect(await drainPresenceInbox(t.db, NOW, 2)).toMatchObject({ applied: 0, more: false });
  });

  it('takes the pushes with the oldest samples first, whatever order they arrived in', async () => {
    const { members, entry } = await team(1);
    const member = members[0] as (typeof members)[number];
    await enqueue([entry(member, 10, 'online')]);
    await enqueue([entry(member, 0, 'online')]);
    await enqueue([entry(member, 5, 'online')]);
    expect(await drainPresenceInbox(t.db, NOW, 2)).toMatchObject({ applied: 2, more: true });
    const stored = await t.db.execute<{ minute: number }>(
      sql`select ((extract(epoch from at) * 1000 - ${T0}) / ${MIN})::int as minute from presence_samples
           where person_integration_id = ${member.personIntegrationId} order by at`,
    );
    expect(stored.rows.map((r) => r.minute)).toEqual([0, 5]);
    expect(await drainAll()).toMatchObject({ applied: 1, more: false });
  });

  it('takes a full batch per round and says there is more', async () => {
    const { members, entry } = await team(1);
    const member = members[0] as (typeof members)[number];
    await enqueue([0, 5, 10, 15, 20].map((minute) => entry(member, minute, 'online')));
    expect(await drainPresenceInbox(t.db, NOW, 3)).toMatchObject({ applied: 3, more: true });
    expect(await drainPresenceInbox(t.db, NOW, 3)).toMatchObject({ applied: 2, more: false });
    expect(await blocksOf(member.personIntegrationId)).toEqual([{ start: T0, end: T0 + 25 * MIN }]);
  });

  it('lets one transaction at a time apply the inbox; the rows wait for the next round', async () => {
    const { members, entry } = await team(1);
    const member = members[0] as (typeof members)[number];
    await enqueue([entry(member, 0, 'online')]);
    const holder = await holdLockInTransaction(t.db, holdPresenceInbox);
    expect(await drainPresenceInbox(t.db, NOW)).toMatchObject({ locked: false, applied: 0 });
    await holder.release();
    expect(await drainPresenceInbox(t.db, NOW)).toMatchObject({ locked: true, applied: 1 });
    expect(await blocksOf(member.personIntegrationId)).toHaveLength(1);
  });
});
