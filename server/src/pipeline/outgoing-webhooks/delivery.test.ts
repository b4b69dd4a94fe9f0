import { randomUUID } from 'node:crypto';
import { type WebhookWithSecret, webhookPayload } from '@overlap/contract/webhooks';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { client, createTestApp, type TestApp } from '../../../test/app.ts';
import { createBlock, createPerson, createRollup, createTrackedPerson } from '../../../test/factories/activity.ts';
import { signedInManager } from '../../../test/factories.ts';
import { startReceiver, type WebhookReceiver } from '../../../test/webhook-receiver.ts';
import { createDeps } from '../../app/bootstrap.ts';
import type { AppDeps } from '../../core/context.ts';
import { connectDatabase, type Database } from '../../db/client.ts';
import { people } from '../../db/schema/activity.ts';
import { webhookDeliveries, webhooks } from '../../db/schema/webhooks.ts';
import { closeSilentBlocks } from '../../engine/close-silent.ts';
import { type JobRunner, startJobs } from '../../jobs/index.ts';
import { queueDeliveryAttempt, WEBHOOK_DELIVERY_QUEUE } from '../../jobs/webhook-delivery.job.ts';
import { queueDaySummaries } from './day-summary.ts';
import { attemptDelivery } from './deliver.ts';
import { findDueDeliveries, queueEvent } from './deliveries.ts';
import { verifySignature } from './signature.ts';

let t: TestApp;
let receiver: WebhookReceiver;
/** A second server process's view of the same database: its own pool and deps. */
let second: { database: Database; deps: AppDeps };

beforeAll(async () => {
  t = await createTestApp({ WEBHOOKS_ALLOW_PRIVATE: 'true' });
  receiver = await startReceiver();
  const database = connectDatabase(t.deps.database.url, { max: 5 });
  second = { database, deps: createDeps(t.deps.config, database, () => {}) };
});
afterAll(async () => {
  await second.deps.presence.stop();
  await second.database.close();
  await receiver.close();
  await t.close();
});

async function webhookFor(cookie: string, url: string, events: string[]) {
  const res = await client(t.app, cookie)({ method: 'POST', url: '/api/v1/webhooks', body: { url, events } });
  expect(res.statusCode).toBe(201);
  return res.json<WebhookWithSecret>();
}

const deliveriesOf = (webhookId: string) =>
  t.db
    .select()
    .from(webhookDeliveries)
    .where(eq(webhookDeliveries.webhookId, webhookId))
    .orderBy(webhookDeliveries.createdAt);

async function queueTestEvent(accountId: string, type = 'person.online') {
  const id = randomUUID();
  await queueEvent(t.db, accountId, { id, type, payload: { id, type, createdAt: new Date().toISOString(), data: {} } });
  const [row] = await t.db.select().from(webhookDeliveries).where(eq(webhookDeliveries.eventId, id));
  if (!row) throw new Error('no delivery queued');
  return row;
}

async function until(condition: () => boolean | Promise<boolean>, what: string) {
  for (let i = 0; i < 300; i++) {
    if (await condition()) return;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`gave up waiting for ${what}`);
}

describe('person.online and person.offline', () => {
  it('queues one event per change of an active person, for the webhooks that subscribe to it', async () => {
    const { account, cookie } = await signedInManager(t.db);
    const other = await signedInManager(t.db);
    const { webhook, secret } = await webhookFor(cookie, receiver.url, ['person.online']);
    const both = await webhookFor(cookie, receiver.url, ['person.online', 'person.offline']);
    const foreign = await webhookFor(other.cookie, receiver.url, ['person.online', 'person.offline']);
    const ana = await createPerson(t.db, account.id, { name: 'Ana', timezoneManual: 'Europe/Lisbon' });
    const waiting = await createPerson(t.db, account.id, { status: 'unassigned' });

    const seen = new Date('2025-06-10T09:00:00.000Z');
    await t.db.update(people).set({ isOnline: true, lastSeenAt: seen }).where(eq(people.id, ana.id));
    await t.db.update(people).set({ isOnline: true }).where(eq(people.id, ana.id));
    await t.db.update(people).set({ isOnline: true }).where(eq(people.id, waiting.id));

    const [online] = await deliveriesOf(webhook.id);
    expect(await deliveriesOf(webhook.id)).toHaveLength(1);
    expect(online).toMatchObject({ eventType: 'person.online', status: 'pending', attempts: 0 });
    expect(online?.payload).toEqual({
      id: online?.eventId,
      type: 'person.online',
      createdAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/),
      data: {
        person: { id: ana.id, name: 'Ana', timezone: 'Europe/Lisbon' },
        online: true,
        lastSeenAt: '2025-06-10T09:00:00.000Z',
      },
    });
    const [same] = await deliveriesOf(both.webhook.id);
    expect(same?.eventId).toBe(online?.eventId);
    expect(await deliveriesOf(foreign.webhook.id)).toEqual([]);

    const before = receiver.received.length;
    const result = await attemptDelivery(t.deps, online?.id as string);
    expect(result).toEqual({ deliveryId: online?.id, status: 'succeeded', retryAt: null });
    const request = receiver.received[before];
    expect(request?.headers['overlap-event']).toBe('person.online');
    expect(
      verifySignature(String(request?.headers['overlap-signature']), request?.body ?? '', secret, Date.now() / 1000),
    ).toBe(true);
    expect(webhookPayload.parse(JSON.parse(request?.body ?? ''))).toEqual(online?.payload);
  });

  it('queues person.offline when the engine ends the blocks of a source that went quiet', async () => {
    const { account, cookie } = await signedInManager(t.db);
    const { webhook } = await webhookFor(cookie, receiver.url, ['person.offline']);
    const { person, pi } = await createTrackedPerson(t.db, account.id, { name: 'Ben', isOnline: true });
    await createBlock(t.db, pi, '2025-06-10T09:00:00Z', null);
    await closeSilentBlocks(t.db, new Date('2025-06-10T12:00:00Z'));
    const rows = await deliveriesOf(webhook.id);
    expect(rows.map((r) => [r.eventType, (r.payload.data as { person: { id: string } }).person.id])).toEqual([
      ['person.offline', person.id],
    ]);
  });
});

describe('retries', () => {
  it('retries a failing receiver after 1 min, 5 min, 30 min, 2 h and 6 h, then gives up', async () => {
    const { account, cookie } = await signedInManager(t.db);
    const failing = await startReceiver();
    failing.answer(500);
    try {
      await webhookFor(cookie, failing.url, ['person.online']);
      const delivery = await queueTestEvent(account.id);
      // PostgreSQL stamps a delivery due in microseconds, Date.now() counts milliseconds: a clock read in
      // the same millisecond as the insert would be before it.
      const t0 = Date.now() + 1;
      const waits = [60, 300, 1800, 7200, 21600];
      const times = [t0];
      for (const w of waits) times.push((times.at(-1) as number) + w * 1000);

      const outcomes = [];
      for (const [i, at] of times.entries()) {
        if (i > 0) expect(await attemptDelivery(t.deps, delivery.id, new Date(at - 1000))).toBeNull();
        outcomes.push(await attemptDelivery(t.deps, delivery.id, new Date(at)));
      }
      expect(outcomes.map((o) => [o?.status, o?.retryAt?.getTime() ?? null])).toEqual([
        ['pending', times[1]],
        ['pending', times[2]],
        ['pending', times[3]],
        ['pending', times[4]],
        ['pending', times[5]],
        ['failed', null],
      ]);
      expect(failing.received).toHaveLength(6);
      expect(await attemptDelivery(t.deps, delivery.id, new Date((times[5] as number) + 86_400_000))).toBeNull();
      const [row] = await t.db.select().from(webhookDeliveries).where(eq(webhookDeliveries.id, delivery.id));
      expect(row).toMatchObject({
        status: 'failed',
        attempts: 6,
        responseStatus: 500,
        error: 'HTTP 500',
        nextAttemptAt: null,
      });
      expect(row?.attemptLog.map((a) => [a.at, a.responseStatus, a.error])).toEqual(
        times.map((at) => [new Date(at).toISOString(), 500, 'HTTP 500']),
      );
    } finally {
      await failing.close();
    }
  });

  it('succeeds on the attempt the receiver recovers', async () => {
    const { account, cookie } = await signedInManager(t.db);
    const flaky = await startReceiver();
    flaky.answer(503, 502, 204);
    try {
      await webhookFor(cookie, flaky.url, ['person.online']);
      const delivery = await queueTestEvent(account.id);
      // PostgreSQL stamps a delivery due in microseconds, Date.now() counts milliseconds: a clock read in
      // the same millisecond as the insert would be before it.
      const t0 = Date.now() + 1;
      await attemptDelivery(t.deps, delivery.id, new Date(t0));
      await attemptDelivery(t.deps, delivery.id, new Date(t0 + 60_000));
      const third = await attemptDelivery(t.deps, delivery.id, new Date(t0 + 360_000));
      expect(third).toEqual({ deliveryId: delivery.id, status: 'succeeded', retryAt: null });
      const [row] = await t.db.select().from(webhookDeliveries).where(eq(webhookDeliveries.id, delivery.id));
      expect(row?.attemptLog.map((a) => a.responseStatus)).toEqual([503, 502, 204]);
      expect(flaky.received).toHaveLength(3);
    } finally {
      await flaky.close();
    }
  });
});

describe('once across processes', () => {
  it('sends each delivery once when two processes attempt the same deliveries at the same time', async () => {
    const { account, cookie } = await signedInManager(t.db);
    const target = await startReceiver();
    try {
      await webhookFor(cookie, target.url, ['person.online']);
      const ids = [];
      for (let i = 0; i < 20; i++) ids.push((await queueTestEvent(account.id)).id);
      const results = await Promise.all(
        ids.flatMap((id) => [attemptDelivery(t.deps, id), attemptDelivery(second.deps, id)]),
      );
      expect(results.filter((r) => r !== null)).toHaveLength(20);
      expect(target.received.map((r) => r.headers['overlap-delivery']).sort()).toEqual([...ids].sort());
    } finally {
      await target.close();
    }
  });

  it('delivers through pg-boss workers of two processes, once each, and queues the retry of a failure', async () => {
    const { account, cookie } = await signedInManager(t.db);
    const target = await startReceiver();
    const failing = await startReceiver();
    failing.answer(500);
    const runners: JobRunner[] = [];
    try {
      await webhookFor(cookie, target.url, ['person.online']);
      const ids = [];
      for (let i = 0; i < 6; i++) ids.push((await queueTestEvent(account.id)).id);
      const due = await findDueDeliveries(t.db, new Date(Date.now() + 1), 100);
      expect(due).toEqual(expect.arrayContaining(ids));
      // Started once the check above is made: their scheduled dispatch may take due deliveries at once.
      runners.push(await startJobs(t.deps, { work: true }), await startJobs(second.deps, { work: true }));
      // Both processes' dispatchers queue the same due deliveries.
      for (const runner of runners) for (const id of ids) await queueDeliveryAttempt(runner.boss, id);
      await until(() => target.received.length >= ids.length, 'six deliveries');
      await until(async () => {
        const rows = await t.db.select().from(webhookDeliveries).where(eq(webhookDeliveries.accountId, account.id));
        return rows.every((r) => r.status === 'succeeded');
      }, 'deliveries to be recorded');
      expect(target.received.map((r) => r.headers['overlap-delivery']).sort()).toEqual([...ids].sort());

      const other = await signedInManager(t.db);
      await webhookFor(other.cookie, failing.url, ['person.online']);
      const bad = await queueTestEvent(other.account.id);
      await queueDeliveryAttempt(runners[0]?.boss as JobRunner['boss'], bad.id);
      await until(async () => {
        const [row] = await t.db.select().from(webhookDeliveries).where(eq(webhookDeliveries.id, bad.id));
        return row?.attempts === 1;
      }, 'the first attempt');
      const [row] = await t.db.select().from(webhookDeliveries).where(eq(webhookDeliveries.id, bad.id));
      expect(row).toMatchObject({ status: 'pending', responseStatus: 500 });
      let queued: { state: string; start_after: Date }[] = [];
      await until(async () => {
        queued = (
          await t.db.execute<{ state: string; start_after: Date }>(sql`
            select state, start_after from pgboss.job
             where name = ${WEBHOOK_DELIVERY_QUEUE} and singleton_key = ${bad.id} and state = 'created'`)
        ).rows;
        return queued.length === 1;
      }, 'the retry job');
      const drift = Math.abs(new Date(queued[0]?.start_after as Date).getTime() - (row?.nextAttemptAt?.getTime() ?? 0));
      expect(drift).toBeLessThan(2000);
      expect(failing.received).toHaveLength(1);
    } finally {
      for (const runner of runners) await runner.stop();
      await target.close();
      await failing.close();
    }
  });
});

describe('day.summary', () => {
  it('queues the summary of the last day that ended for the whole team once, however often it runs', async () => {
    const { account, cookie } = await signedInManager(t.db);
    const quiet = await signedInManager(t.db);
    const { webhook } = await webhookFor(cookie, receiver.url, ['day.summary']);
    await webhookFor(quiet.cookie, receiver.url, ['person.online']);
    const kenji = await createPerson(t.db, account.id, { name: 'Kenji', timezoneManual: 'Asia/Tokyo' });
    const lia = await createPerson(t.db, account.id, { name: 'Lia', timezoneManual: 'America/Los_Angeles' });
    await createRollup(t.db, kenji, '2025-06-09', { minutesOnline: 410, blocks: 3, events: 7 });
    await createRollup(t.db, lia, '2025-06-09', { minutesOnline: 95, blocks: 1, events: 0 });
    // 05:00 UTC on 10 June: still 9 June in Los Angeles, so the last day over everywhere is 8 June.
    const early = new Date('2025-06-10T05:00:00Z');
    const later = new Date('2025-06-10T10:00:00Z');

    await Promise.all([queueDaySummaries(t.db, early), queueDaySummaries(second.database.db, early)]);
    await Promise.all([queueDaySummaries(t.db, later), queueDaySummaries(second.database.db, later)]);
    await queueDaySummaries(t.db, later);

    const rows = await deliveriesOf(webhook.id);
    expect(rows.map((r) => (r.payload.data as { date: string }).date)).toEqual(['2025-06-08', '2025-06-09']);
    expect(rows[1]?.payload).toEqual({
      id: rows[1]?.eventId,
      type: 'day.summary',
      createdAt: '2025-06-10T10:00:00.000Z',
      data: {
        date: '2025-06-09',
        people: [
          { id: kenji.id, name: 'Kenji', timezone: 'Asia/Tokyo', onlineMinutes: 410, blocks: 3, events: 7 },
          { id: lia.id, name: 'Lia', timezone: 'America/Los_Angeles', onlineMinutes: 95, blocks: 1, events: 0 },
        ],
      },
    });
    expect(webhookPayload.safeParse(rows[1]?.payload).success).toBe(true);
    const quietRows = await t.db
      .select()
      .from(webhookDeliveries)
      .where(eq(webhookDeliveries.accountId, quiet.account.id));
    expect(quietRows).toEqual([]);
  });
});

describe('addresses at delivery time', () => {
  let strict: TestApp;
  beforeAll(async () => {
    strict = await createTestApp();
  });
  afterAll(async () => {
    await strict.close();
  });

  it('refuses to connect to a private address even if one was stored', async () => {
    const { account } = await signedInManager(strict.db);
    const target = await startReceiver();
    try {
      const loopbackName = target.url.replace('127.0.0.1', 'localhost');
      for (const url of [target.url, loopbackName]) {
        await strict.db.insert(webhooks).values({
          accountId: account.id,
          url,
          events: ['person.online'],
          secretEncrypted: strict.deps.secrets.encrypt('whsec_x'),
          secretHint: 'whsec_…x',
        });
      }
      const id = randomUUID();
      await queueEvent(strict.db, account.id, {
        id,
        type: 'person.online',
        payload: { id, type: 'person.online', data: {} },
      });
      const rows = await strict.db.select().from(webhookDeliveries).where(eq(webhookDeliveries.accountId, account.id));
      expect(rows).toHaveLength(2);
      for (const row of rows) {
        expect(await attemptDelivery(strict.deps, row.id)).toMatchObject({ status: 'pending' });
      }
      const after = await strict.db.select().from(webhookDeliveries).where(eq(webhookDeliveries.accountId, account.id));
      expect(after.map((r) => r.error).sort()).toEqual([
        expect.stringMatching(
          /^Refused: 127\.0\.0\.1 resolves to 127\.0\.0\.1, a private, loopback or link-local address$/,
        ),
        expect.stringMatching(
          /^Refused: localhost resolves to (127\.0\.0\.1|::1), a private, loopback or link-local address$/,
        ),
      ]);
      expect(target.received).toEqual([]);
    } finally {
      await target.close();
    }
  });
});
