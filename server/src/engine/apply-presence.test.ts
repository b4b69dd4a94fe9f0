import { asc, eq, sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/node-postgres';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../test/app.ts';
import { createIntegration, createTrackedPerson } from '../../test/factories/engine.ts';
import { createAccount } from '../../test/factories.ts';
import { activityBlocks, type PresenceStatus, personDailyRollups } from '../db/schema/activity.ts';
import { integrations } from '../db/schema/integrations.ts';
import * as schema from '../db/schema.ts';
import { applyPresenceSamples, type PresenceSampleInput } from './apply-presence.ts';
import { computeBlocks, type Sample } from './blocks.ts';

const MIN = 60_000;
const T0 = Date.UTC(2025, 2, 3, 8, 0);
const NOW = new Date(T0 + 30 * 24 * 60 * MIN);
const t = useTestApp();

async function setup(timezone: string | null = null) {
  const account = await createAccount(t.db);
  const integration = await createIntegration(t.db, account.id);
  const person = await createTrackedPerson(t.db, account.id, integration.id, { timezone });
  const input = (samples: Sample[]): PresenceSampleInput[] =>
    samples.map((s) => ({
      personIntegrationId: person.personIntegrationId,
      personId: person.personId,
      at: new Date(s.at),
      status: s.status,
      timezone: timezone ?? 'UTC',
    }));
  const apply = (samples: Sample[], now = NOW) =>
    applyPresenceSamples(t.db, {
      accountId: account.id,
      integrationId: integration.id,
      stepMinutes: 5,
      samples: input(samples),
      now,
    });
  const blocks = async () =>
    (
      await t.db
        .select()
        .from(activityBlocks)
        .where(eq(activityBlocks.personIntegrationId, person.personIntegrationId))
        .orderBy(asc(activityBlocks.startTime))
    ).map((b) => ({
      start: b.startTime.getTime(),
      end: b.endTime?.getTime() ?? null,
      lastSampleAt: b.lastSampleAt.getTime(),
    }));
  return { account, integration, person, input, apply, blocks };
}

const m = (minutes: number, status: PresenceStatus = 'online'): Sample => ({ at: T0 + minutes * MIN, status });

describe('applyPresenceSamples', () => {
  it('turns samples into blocks and a repeated call changes nothing', async () => {
    const s = await setup();
    const samples = [m(0), m(5), m(10), m(13, 'away'), m(60), m(65)];
    const first = await s.apply(samples);
    expect(first.changedPersonIds).toEqual([s.person.personId]);
    expect(await s.blocks()).toEqual([
      { start: T0, end: T0 + 13 * MIN, lastSampleAt: T0 + 10 * MIN },
      { start: T0 + 60 * MIN, end: T0 + 70 * MIN, lastSampleAt: T0 + 65 * MIN },
    ]);
    expect((await s.apply(samples)).changedPersonIds).toEqual([]);
    expect(await s.blocks()).toHaveLength(2);
  });

  it('late, duplicated and out-of-order batches give the blocks of the whole set', async () => {
    const opts = { stepMs: 5 * MIN, now: NOW.getTime() };
    const statuses: PresenceStatus[] = ['online', 'online', 'online', 'away', 'offline', 'dnd', 'meeting', 'busy'];
    const arb = fc.record({
      samples: fc.array(
        fc.record({
          at: fc.integer({ min: 0, max: 400 }).map((x) => T0 + x * MIN),
          status: fc.constantFrom(...statuses),
        }),
        { minLength: 1, maxLength: 60 },
      ),
      cuts: fc.array(fc.nat(), { maxLength: 5 }),
      seed: fc.integer(),
    });
    for (const c of fc.sample(arb, { numRuns: 12, seed: 42 })) {
      const s = await setup();
      const shuffled = fc.sample(fc.shuffledSubarray(c.samples, { minLength: c.samples.length }), {
        seed: c.seed,
        numRuns: 1,
      })[0] as Sample[];
      const withDups = [...shuffled, ...shuffled.slice(0, 5)];
      const cuts = [...new Set(c.cuts.map((x) => x % withDups.length))].sort((a, b) => a - b);
      let from = 0;
      for (const cut of [...cuts, withDups.length]) {
        if (cut > from) await s.apply(withDups.slice(from, cut));
        from = cut;
      }
      expect(await s.blocks()).toEqual(computeBlocks(c.samples, opts));
    }
  }, 180_000);

  it("a slow or irregular source's blocks are the same however its samples arrive, with or without a Setup timeout", async () => {
    const arb = fc.record({
      k: fc.integer({ min: 1, max: 30 }),
      // Per report: jitter in minutes, skipped (a pause), or an extra report in between.
      reports: fc.array(
        fc.record({
          jitter: fc.integer({ min: 0, max: 3 }),
          kind: fc.constantFrom('r', 'r', 'r', 'skip', 'extra', 'away'),
        }),
        {
          minLength: 2,
          maxLength: 40,
        },
      ),
      timeout: fc.option(fc.integer({ min: 1, max: 60 })),
      cuts: fc.array(fc.nat(), { maxLength: 6 }),
      seed: fc.integer(),
    });
    for (const c of fc.sample(arb, { numRuns: 16, seed: 1011 })) {
      const samples: Sample[] = [];
      c.reports.forEach((r, i) => {
        const at = T0 + (i * c.k + r.jitter) * MIN;
        if (r.kind === 'skip') return;
        samples.push({ at, status: r.kind === 'away' ? 'away' : 'online' });
        if (r.kind === 'extra') samples.push({ at: at + Math.ceil(c.k / 2) * MIN * 0.5, status: 'busy' });
      });
      const s = await setup();
      if (c.timeout !== null) {
        await t.db
          .update(integrations)
          .set({ config: { silence_timeout_minutes: c.timeout } })
          .where(eq(integrations.id, s.integration.id));
      }
      const shuffled = fc.sample(fc.shuffledSubarray(samples, { minLength: samples.length }), {
        seed: c.seed,
        numRuns: 1,
      })[0] as Sample[];
      const cuts = [...new Set(c.cuts.map((x) => x % shuffled.length))].sort((a, b) => a - b);
      let from = 0;
      for (const cut of [...cuts, shuffled.length]) {
        if (cut > from) await s.apply(shuffled.slice(from, cut));
        from = cut;
      }
      const expected = computeBlocks(samples, {
        stepMs: 5 * MIN,
        now: NOW.getTime(),
        silenceTimeoutMs: c.timeout === null ? null : c.timeout * MIN,
      });
      expect(await s.blocks()).toEqual(expected);
    }
  }, 180_000);

  it('keeps a block ongoing while samples are recent and closes it after a silence', async () => {
    const s = await setup();
    await s.apply([m(0), m(5)], new Date(T0 + 8 * MIN));
    expect(await s.blocks()).toEqual([{ start: T0, end: null, lastSampleAt: T0 + 5 * MIN }]);
    await s.apply([m(9)], new Date(T0 + 10 * MIN));
    expect(await s.blocks()).toEqual([{ start: T0, end: null, lastSampleAt: T0 + 9 * MIN }]);
    await s.apply([m(40)], new Date(T0 + 40 * MIN));
    expect(await s.blocks()).toEqual([
      { start: T0, end: T0 + 14 * MIN, lastSampleAt: T0 + 9 * MIN },
      { start: T0 + 40 * MIN, end: null, lastSampleAt: T0 + 40 * MIN },
    ]);
  });

  it('leaves manually edited blocks alone and does not overlap them', async () => {
    const s = await setup();
    await s.apply([m(0), m(5), m(10), m(15)]);
    const [block] = await t.db
      .select()
      .from(activityBlocks)
      .where(eq(activityBlocks.personIntegrationId, s.person.personIntegrationId));
    if (!block) throw new Error('no block');
    await t.db
      .update(activityBlocks)
      .set({ startTime: new Date(T0), endTime: new Date(T0 + 12 * MIN), editedAt: new Date() })
      .where(eq(activityBlocks.id, block.id));
    await s.apply([m(20), m(25), m(3)]);
    const rows = await t.db
      .select()
      .from(activityBlocks)
      .where(eq(activityBlocks.personIntegrationId, s.person.personIntegrationId))
      .orderBy(asc(activityBlocks.startTime));
    expect(rows.map((r) => [r.startTime.getTime(), r.endTime?.getTime(), r.editedAt !== null])).toEqual([
      [T0, T0 + 12 * MIN, true],
      [T0 + 15 * MIN, T0 + 30 * MIN, false],
    ]);
  });

  it('rolls up by local day with blocks of several integrations merged', async () => {
    const account = await createAccount(t.db);
    const slack = await createIntegration(t.db, account.id);
    const teams = await createIntegration(t.db, account.id);
    const a = await createTrackedPerson(t.db, account.id, slack.id, { timezone: 'America/New_York' });
    const b = await createTrackedPerson(t.db, account.id, teams.id, { personId: a.personId });
    // 23:00-01:00 UTC on 3 March = 18:00-20:00 in New York, one local day.
    const start = Date.UTC(2025, 2, 3, 23, 0);
    const series = (pi: string, from: number, count: number, integrationTz = 'America/New_York') =>
      Array.from({ length: count }, (_, i) => ({
        personIntegrationId: pi,
        personId: a.personId,
        at: new Date(from + i * 5 * MIN),
        status: 'online' as const,
        timezone: integrationTz,
      }));
    await applyPresenceSamples(t.db, {
      accountId: account.id,
      integrationId: slack.id,
      stepMinutes: 5,
      samples: series(a.personIntegrationId, start, 24),
      now: NOW,
    });
    await applyPresenceSamples(t.db, {
      accountId: account.id,
      integrationId: teams.id,
      stepMinutes: 5,
      samples: series(b.personIntegrationId, start + 60 * MIN, 24),
      now: NOW,
    });
    const rollups = await t.db.select().from(personDailyRollups).where(eq(personDailyRollups.personId, a.personId));
    // Slack 23:00-01:00, Teams 00:00-02:00 UTC: three hours merged, all on 3 March local time.
    expect(rollups.map((r) => [r.day, r.minutesOnline, r.blocks])).toEqual([['2025-03-03', 180, 2]]);
  });

  it('the fast path (samples after the stored ones) gives the blocks and rollups of a full recompute', async () => {
    const statuses: PresenceStatus[] = ['online', 'online', 'online', 'away', 'offline', 'dnd', 'meeting'];
    const arb = fc.record({
      // Increasing times with gaps from 1 minute to beyond step + grace, so blocks extend, end and restart.
      gaps: fc.array(fc.integer({ min: 1, max: 16 }), { minLength: 1, maxLength: 40 }),
      statuses: fc.array(fc.constantFrom(...statuses), { minLength: 40, maxLength: 40 }),
      live: fc.boolean(),
    });
    let extended = 0;
    let applied = 0;
    for (const c of fc.sample(arb, { numRuns: 10, seed: 7 })) {
      let at = T0 + 22 * 60 * MIN; // crosses midnight UTC, so rollups of two days change
      const samples = c.gaps.map((gap, i) => {
        at += gap * MIN;
        return { at, status: c.statuses[i] as PresenceStatus };
      });
      const last = samples[samples.length - 1]?.at ?? T0;
      // live: each sample is applied as it arrives (the last block may stay ongoing); else long after.
      const nowOf = (sampleAt: number) => (c.live ? new Date(sampleAt + 30_000) : NOW);
      const fast = await setup('Europe/Berlin');
      for (const sample of samples) extended += (await fast.apply([sample], nowOf(sample.at))).extended;
      applied += samples.length;
      const full = await setup('Europe/Berlin');
      // The newest sample first, then every other one late: the second call must recompute.
      await full.apply(samples.slice(-1), nowOf(last));
      if (samples.length > 1) expect((await full.apply(samples.slice(0, -1), nowOf(last))).extended).toBe(0);
      const expected = computeBlocks(samples, {
        stepMs: 5 * MIN,
        now: nowOf(last).getTime(),
      });
      expect(await fast.blocks()).toEqual(expected);
      expect(await full.blocks()).toEqual(expected);
      const rollupsOf = async (personId: string) =>
        (
          await t.db
            .select()
            .from(personDailyRollups)
            .where(eq(personDailyRollups.personId, personId))
            .orderBy(asc(personDailyRollups.day))
        ).map((r) => [r.day, r.minutesOnline, r.blocks, r.events]);
      expect(await rollupsOf(fast.person.personId)).toEqual(await rollupsOf(full.person.personId));
    }
    // Every in-order sample took the fast path.
    expect(extended).toBe(applied);
  }, 180_000);

  it('falls back to the full recompute for a late sample and near edited blocks', async () => {
    const s = await setup();
    expect((await s.apply([m(0), m(5)])).extended).toBe(1);
    expect((await s.apply([m(10)])).extended).toBe(1);
    // Late: before the newest stored sample.
    expect((await s.apply([m(7, 'away')])).extended).toBe(0);
    expect(await s.blocks()).toEqual([
      { start: T0, end: T0 + 7 * MIN, lastSampleAt: T0 + 5 * MIN },
      // The late report makes the gaps before 10 (5, 2, 3) say a 3-minute cadence.
      { start: T0 + 10 * MIN, end: T0 + 13 * MIN, lastSampleAt: T0 + 10 * MIN },
    ]);
    // The same instant again with a stronger status changes a stored sample: full path.
    expect((await s.apply([m(7, 'online')])).extended).toBe(0);
    await t.db
      .update(activityBlocks)
      .set({ editedAt: new Date() })
      .where(eq(activityBlocks.personIntegrationId, s.person.personIntegrationId));
    expect((await s.apply([m(12)])).extended).toBe(0);
  });

  it('costs a handful of queries for 1,000 samples', async () => {
    const account = await createAccount(t.db);
    const integration = await createIntegration(t.db, account.id);
    const samples: PresenceSampleInput[] = [];
    for (let i = 0; i < 100; i++) {
      const p = await createTrackedPerson(t.db, account.id, integration.id);
      for (let k = 0; k < 10; k++) {
        samples.push({
          personIntegrationId: p.personIntegrationId,
          personId: p.personId,
          at: new Date(T0 + k * 5 * MIN),
          status: k === 9 ? 'away' : 'online',
          timezone: 'UTC',
        });
      }
    }
    let queries = 0;
    const counted = drizzle(t.deps.database.pool, { schema, logger: { logQuery: () => void queries++ } });
    const result = await applyPresenceSamples(counted, {
      accountId: account.id,
      integrationId: integration.id,
      stepMinutes: 5,
      samples,
      now: NOW,
    });
    expect(result.changedPersonIds).toHaveLength(100);
    expect(queries).toBeLessThanOrEqual(8);
    const [count] = await t.db
      .execute<{ n: number }>(sql`select count(*)::int as n from activity_blocks where account_id = ${account.id}`)
      .then((r) => r.rows);
    expect(count?.n).toBe(100);
  });
});
