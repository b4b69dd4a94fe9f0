import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { createIntegration, createTrackedPerson } from '../../test/factories/engine.ts';
import { createAccount } from '../../test/factories.ts';
import { personDailyRollups, personIntegrations } from '../db/schema/activity.ts';
import { refreshRollups } from '../engine/rollups.ts';
import { drainEventInbox } from './event-inbox.ts';
import { storeEvents } from './events-store.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t?.close());

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
    // A push: the events stored with their ids in the event inbox, nothing applied yet.
    const push = (...ids: string[]) =>
      t.db.transaction((tx) =>
        storeEvents(
          tx,
          { id: integration.id, accountId: account.id },
          ids.map((id) => ({
            externalId: id,
            kind: 'git_commit',
            timestamp: at('10:00'),
            personIdentifier: pi?.externalId ?? '',
          })),
          undefined,
          { behind: { pool: t.deps.database.pool } },
        ),
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
