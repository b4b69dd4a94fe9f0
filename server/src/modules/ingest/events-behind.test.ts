import { and, count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { client, createTestApp, type TestApp } from '../../../test/app.ts';
import { bearer, createPushIntegration } from '../../../test/factories/integrations.ts';
import { createAccount } from '../../../test/factories.ts';
import { activityBlocks, eventInbox, people, personDailyRollups } from '../../db/schema/activity.ts';
import { integrations } from '../../db/schema/integrations.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t?.close());

const day = new Date(Date.now() - 2 * 86_400_000).toISOString().slice(0, 10);
const at = (time: string) => `${day}T${time}:00.000Z`;
const commit = (id: string, time: string) => ({
  externalId: id,
  kind: 'git_commit',
  timestamp: at(time),
  personIdentifier: 'dev-1',
});

describe('events pushed to an events integration', () => {
  it('answer once stored; the pump then builds their blocks, rollups and last sighting, each event once', async () => {
    const account = await createAccount(t.db);
    const { integration, apiKey } = await createPushIntegration(t.deps, account.id);
    await t.db.update(integrations).set({ kind: 'events' }).where(eq(integrations.id, integration.id));
    const push = (events: object[]) =>
      client(t.app)({
        method: 'POST',
        url: '/api/v1/events',
        body: { timestamp: new Date().toISOString(), source: 'ci', events },
        headers: bearer(apiKey),
      });
    const state = async () => {
      await t.deps.presence.settled();
      const blocks = await t.db
        .select({ start: activityBlocks.startTime, end: activityBlocks.endTime, metadata: activityBlocks.metadata })
        .from(activityBlocks)
        .where(eq(activityBlocks.integrationId, integration.id));
      const [person] = await t.db
        .select({ id: people.id, lastSeenAt: people.lastSeenAt })
        .from(people)
        .where(eq(people.accountId, account.id));
      const rollups = await t.db
        .select({ events: personDailyRollups.events, blocks: personDailyRollups.blocks })
        .from(personDailyRollups)
        .where(and(eq(personDailyRollups.personId, person?.id ?? ''), eq(personDailyRollups.day, day)));
      const [waiting] = await t.db.select({ n: count() }).from(eventInbox);
      return { blocks, lastSeenAt: person?.lastSeenAt?.toISOString(), rollups, waiting: waiting?.n };
    };

    const first = await push([commit('c1', '10:00'), commit('c2', '10:10')]);
    expect(first.json()).toMatchObject({ success: true, created: 2, duplicates: 0, skipped: 0 });
    expect(await state()).toEqual({
      blocks: [{ start: new Date(at('10:00')), end: new Date(at('10:10')), metadata: { source: 'events', events: 2 } }],
      lastSeenAt: at('10:10'),
      rollups: [{ events: 2, blocks: 1 }],
      waiting: 0,
    });

    const second = await push([commit('c1', '10:00'), commit('c2', '10:10'), commit('c3', '10:20')]);
    expect(second.json()).toMatchObject({ success: true, created: 1, duplicates: 2, skipped: 0 });
    expect(await state()).toEqual({
      blocks: [{ start: new Date(at('10:00')), end: new Date(at('10:20')), metadata: { source: 'events', events: 3 } }],
      lastSeenAt: at('10:20'),
      rollups: [{ events: 3, blocks: 1 }],
      waiting: 0,
    });
  });
});

describe('events pushed to a presence integration', () => {
  it('count into the days they fall on; the online minutes and blocks of presence stay as they are', async () => {
    const account = await createAccount(t.db);
    const { apiKey } = await createPushIntegration(t.deps, account.id);
    const send = (url: string, body: object) =>
      client(t.app)({ method: 'POST', url, body: { source: 'bridge', ...body }, headers: bearer(apiKey) });
    for (const time of ['10:00', '10:01', '10:02', '10:03']) {
      const res = await send('/api/v1/presence', {
        timestamp: at(time),
        users: [{ personIdentifier: 'dev-1', status: 'online', timezone: 'UTC' }],
      });
      expect(res.statusCode).toBe(200);
    }
    const events = (list: object[]) => send('/api/v1/events', { timestamp: new Date().toISOString(), events: list });
    const rollups = async () => {
      await t.deps.presence.settled();
      const [person] = await t.db.select({ id: people.id }).from(people).where(eq(people.accountId, account.id));
      return t.db
        .select({
          day: personDailyRollups.day,
          minutes: personDailyRollups.minutesOnline,
          blocks: personDailyRollups.blocks,
          events: personDailyRollups.events,
        })
        .from(personDailyRollups)
        .where(eq(personDailyRollups.personId, person?.id ?? ''))
        .orderBy(personDailyRollups.day);
    };
    const before = await rollups();
    expect(before).toEqual([{ day, minutes: 4, blocks: 1, events: 0 }]);

    const dayBefore = new Date(Date.parse(`${day}T00:00:00Z`) - 86_400_000).toISOString().slice(0, 10);
    await events([
      commit('e1', '10:01'),
      commit('e2', '10:30'),
      { ...commit('e0', '23:00'), timestamp: `${dayBefore}T23:00:00.000Z` },
    ]);
    expect(await rollups()).toEqual([
      { day: dayBefore, minutes: 0, blocks: 0, events: 1 },
      { day, minutes: 4, blocks: 1, events: 2 },
    ]);

    const again = await events([commit('e2', '10:30'), commit('e3', '11:00')]);
    expect(again.json()).toMatchObject({ created: 1, duplicates: 1 });
    expect(await rollups()).toEqual([
      { day: dayBefore, minutes: 0, blocks: 0, events: 1 },
      { day, minutes: 4, blocks: 1, events: 3 },
    ]);
  });
});
