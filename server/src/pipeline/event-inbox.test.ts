import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { createIntegration, createTrackedPerson } from '../../test/factories/engine.ts';
import { createAccount } from '../../test/factories.ts';
import { activityEvents, people, personDailyRollups, personIntegrations } from '../db/schema/activity.ts';
import { refreshRollups } from '../engine/rollups.ts';
import { drainEventInbox } from './event-inbox.ts';
import { writeEventsPushes } from './events-push-commit.ts';
import { type EventInput, prepareEvents, storePreparedEvents } from './events-store.ts';
import { startRun } from './run-recorder.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t?.close());

/** A push as the push API writes it: its events, with their ids in the event inbox, and its run; nothing applied yet. */
async function pushEvents(integration: { id: string; accountId: string }, events: EventInput[]) {
  const pool = t.deps.database.pool;
  const prepared = await prepareEvents(t.db, integration, events, undefined, { behind: { pool } });
  const run = await startRun(t.db, integration, 'push', { deferInsert: true });
  const { run: runRow, events: runEvents } = run.successRows({ peopleFound: 1, eventsCreated: 0 }, { complete: false });
  await writeEventsPushes(pool, [{ integration, ...prepared, run: runRow, runEvents, apiCall: null }]);
}

/** The identifier a push names a person-integration by. */
const identifierOf = async (personIntegrationId: string) =>
  (
    await t.db
      .select({ externalId: personIntegrations.externalId })
      .from(personIntegrations)
      .where(eq(personIntegrations.id, personIntegrationId))
  )[0]?.externalId ?? '';

const DAY = '2025-03-04';
const at = (time: string) => new Date(`${DAY}T${time}:00.000Z`);

describe('event rounds counting into the daily rollups', () => {
  it('stay exact when someone else recomputes the day between a push and its round, or events still wait', async () => {
    const account = await createAccount(t.db);
    const integration = await createIntegration(t.db, account.id);
    const person = await createTrackedPerson(t.db, account.id, integration.id, { timezone: 'UTC' });
    const [pi] = await t.db
      .select({ externalId: personIntegrations.externalId })
      .from(personIntegrations)
      .where(eq(personIntegrations.id, person.personIntegrationId));
    const push = (...ids: string[]) =>
      pushEvents(
        { id: integration.id, accountId: account.id },
        ids.map((id) => ({
          externalId: id,
          kind: 'git_commit',
          timestamp: at('10:00'),
          personIdentifier: pi?.externalId ?? '',
        })),
      );
    const round = async (limit?: number) => {
      await drainEventInbox(t.db, limit);
      const [row] = await t.db
        .select({ events: personDailyRollups.events, minutes: personDailyRollups.minutesOnline })
        .from(personDailyRollups)
        .where(and(eq(personDailyRollups.personId, person.personId), eq(personDailyRollups.day, DAY)));
      return row;
    };
    // Recomputes the whole day, counting every stored event (those waiting in the inbox too).
    const recompute = () => refreshRollups(t.db, [person.personId], at('00:00'), at('23:00'));

    await push('a', 'b');
    expect(await round()).toEqual({ events: 2, minutes: 0 });
    await push('c');
    expect(await round()).toEqual({ events: 3, minutes: 0 });

    await push('d');
    await recompute();
    expect(await round()).toEqual({ events: 4, minutes: 0 });
    await push('e');
    expect(await round()).toEqual({ events: 5, minutes: 0 });

    await recompute();
    await push('f');
    await push('g');
    expect(await round(1)).toEqual({ events: 6, minutes: 0 });
    expect(await round()).toEqual({ events: 7, minutes: 0 });
    await push('h', 'i');
    expect(await round()).toEqual({ events: 9, minutes: 0 });
  });
});

describe('event rounds refreshing last sightings', () => {
  it("move each person-integration's and its person's lastSeenAt up to their newest event, never back", async () => {
    const account = await createAccount(t.db);
    const [a, b] = [await createIntegration(t.db, account.id), await createIntegration(t.db, account.id)];
    const first = await createTrackedPerson(t.db, account.id, a.id, { timezone: 'UTC' });
    const second = await createTrackedPerson(t.db, account.id, b.id, { personId: first.personId });
    const identifiers = new Map<string, string>();
    for (const pi of await t.db.select().from(personIntegrations)) identifiers.set(pi.id, pi.externalId);
    const push = (integration: { id: string }, pi: string, times: string[]) =>
      pushEvents(
        { id: integration.id, accountId: account.id },
        times.map((time) => ({
          externalId: `${pi}-${time}`,
          kind: 'git_commit',
          timestamp: at(time),
          personIdentifier: identifiers.get(pi) ?? '',
        })),
      );
    const sightings = async () => {
      const [person] = await t.db
        .select({ seen: people.lastSeenAt, online: people.isOnline, updated: people.updatedAt })
        .from(people)
        .where(eq(people.id, first.personId));
      const pis = await t.db
        .select({
          id: personIntegrations.id,
          seen: personIntegrations.lastSeenAt,
          updated: personIntegrations.updatedAt,
        })
        .from(personIntegrations)
        .where(eq(personIntegrations.personId, first.personId));
      const seenOf = (id: string) => pis.find((p) => p.id === id)?.seen?.toISOString();
      return {
        person: person?.seen?.toISOString(),
        online: person?.online,
        a: seenOf(first.personIntegrationId),
        b: seenOf(second.personIntegrationId),
        updated: [person?.updated?.getTime(), ...pis.map((p) => p.updated.getTime()).sort()],
      };
    };

    // One round with events of both person-integrations: the person takes the newest of all.
    await push(a, first.personIntegrationId, ['09:00', '11:00']);
    await push(b, second.personIntegrationId, ['10:00', '12:00', '08:00']);
    await drainEventInbox(t.db);
    const seen = await sightings();
    expect(seen).toMatchObject({
      person: at('12:00').toISOString(),
      online: false,
      a: at('11:00').toISOString(),
      b: at('12:00').toISOString(),
    });
    // Older events later: nothing moves back, and rows left as they were are not rewritten.
    await push(a, first.personIntegrationId, ['10:30']);
    await push(b, second.personIntegrationId, ['07:00']);
    await drainEventInbox(t.db);
    expect(await sightings()).toEqual(seen);
    // A newer event of one person-integration moves it and the person, not the other one.
    await push(a, first.personIntegrationId, ['13:00']);
    await drainEventInbox(t.db);
    const after = await sightings();
    expect(after).toMatchObject({ person: at('13:00').toISOString(), a: at('13:00').toISOString(), b: seen.b });
  });
});

describe('events changed while they wait in the event inbox', () => {
  it('are applied as they are when the round runs: deleted ones not at all, moved ones to their new person', async () => {
    const account = await createAccount(t.db);
    const integration = await createIntegration(t.db, account.id);
    const source = await createTrackedPerson(t.db, account.id, integration.id, { timezone: 'UTC' });
    const target = await createTrackedPerson(t.db, account.id, integration.id, { timezone: 'UTC' });
    const event = (personIdentifier: string, time: string) => ({
      externalId: `${personIdentifier}-${time}`,
      kind: 'git_commit',
      timestamp: at(time),
      personIdentifier,
    });
    const [from, to] = [await identifierOf(source.personIntegrationId), await identifierOf(target.personIntegrationId)];
    await pushEvents({ id: integration.id, accountId: account.id }, [
      event(from, '10:00'),
      event(from, '11:00'),
      event(to, '12:00'),
    ]);
    // The target's event is deleted, then the source person is merged into the target (as mergePerson does).
    await t.db.execute(sql`delete from activity_events where external_id = ${`${to}-12:00`}`);
    await t.db.transaction(async (tx) => {
      await tx.execute(
        sql`update activity_events set person_id = ${target.personId} where person_id = ${source.personId}`,
      );
      await tx.execute(
        sql`update person_integrations set person_id = ${target.personId} where person_id = ${source.personId}`,
      );
      await tx.execute(sql`delete from people where id = ${source.personId}`);
    });

    expect(await drainEventInbox(t.db)).toMatchObject({ applied: 2, accountIds: [account.id] });
    const [rollup] = await t.db
      .select({ events: personDailyRollups.events })
      .from(personDailyRollups)
      .where(and(eq(personDailyRollups.personId, target.personId), eq(personDailyRollups.day, DAY)));
    expect(rollup).toEqual({ events: 2 });
    const [person] = await t.db.select({ seen: people.lastSeenAt }).from(people).where(eq(people.id, target.personId));
    const pis = await t.db
      .select({ id: personIntegrations.id, seen: personIntegrations.lastSeenAt })
      .from(personIntegrations)
      .where(eq(personIntegrations.personId, target.personId));
    const seenOf = (id: string) => pis.find((p) => p.id === id)?.seen?.toISOString() ?? null;
    expect([
      person?.seen?.toISOString(),
      seenOf(source.personIntegrationId),
      seenOf(target.personIntegrationId),
    ]).toEqual([at('11:00').toISOString(), at('11:00').toISOString(), null]);
  });
});

describe('events whose person changed while they were written', () => {
  const eventsOf = async (accountId: string) =>
    (
      await t.db
        .select({ externalId: activityEvents.externalId, personId: activityEvents.personId })
        .from(activityEvents)
        .where(eq(activityEvents.accountId, accountId))
    ).sort((a, b) => a.externalId.localeCompare(b.externalId));

  it('are deleted by the round when their person was ignored meanwhile', async () => {
    const account = await createAccount(t.db);
    const integration = await createIntegration(t.db, account.id);
    const ignored = await createTrackedPerson(t.db, account.id, integration.id, { timezone: 'UTC' });
    const kept = await createTrackedPerson(t.db, account.id, integration.id, { timezone: 'UTC' });
    const [a, b] = [await identifierOf(ignored.personIntegrationId), await identifierOf(kept.personIntegrationId)];
    const commit = (personIdentifier: string) => ({
      externalId: `${personIdentifier}-c`,
      kind: 'git_commit',
      timestamp: at('10:00'),
      personIdentifier,
    });
    await pushEvents({ id: integration.id, accountId: account.id }, [commit(a), commit(b)]);
    // An ignore that committed while the push's statement was writing (it had read the person as
    // active): the ignore's own clean-up did not see this event.
    await t.db.update(people).set({ status: 'ignored' }).where(eq(people.id, ignored.personId));

    expect(await drainEventInbox(t.db)).toMatchObject({ applied: 1, accountIds: [account.id] });
    expect(await eventsOf(account.id)).toEqual([{ externalId: `${b}-c`, personId: kept.personId }]);
  });

  it('are stored by a poll under the person their identity has now, and skipped when it is gone', async () => {
    const account = await createAccount(t.db);
    const integration = await createIntegration(t.db, account.id);
    const ref = { id: integration.id, accountId: account.id };
    const moved = await createTrackedPerson(t.db, account.id, integration.id, { timezone: 'UTC' });
    const target = await createTrackedPerson(t.db, account.id, integration.id, { timezone: 'UTC' });
    const gone = await createTrackedPerson(t.db, account.id, integration.id, { timezone: 'UTC' });
    const [a, b] = [await identifierOf(moved.personIntegrationId), await identifierOf(gone.personIntegrationId)];
    const events = [a, b, a].map((personIdentifier, i) => ({
      externalId: `poll-${i}`,
      kind: 'git_commit',
      timestamp: at(`1${i}:00`),
      personIdentifier,
    }));
    const prepared = await prepareEvents(t.db, ref, events);
    // Between the identity lookup and the insert, one identity is merged into another person and
    // the other is deleted.
    await t.db
      .update(personIntegrations)
      .set({ personId: target.personId })
      .where(eq(personIntegrations.id, moved.personIntegrationId));
    await t.db.delete(personIntegrations).where(eq(personIntegrations.id, gone.personIntegrationId));

    const stored = await t.db.transaction((tx) => storePreparedEvents(tx, ref, prepared));
    expect(stored).toEqual({ created: 2, duplicates: 0, skipped: 1 });
    expect(await eventsOf(account.id)).toEqual([
      { externalId: 'poll-0', personId: target.personId },
      { externalId: 'poll-2', personId: target.personId },
    ]);
    // The same events again are duplicates, the gone identity's still skipped.
    expect(await t.db.transaction((tx) => storePreparedEvents(tx, ref, prepared))).toEqual({
      created: 0,
      duplicates: 2,
      skipped: 1,
    });
  });
});
