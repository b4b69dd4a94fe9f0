import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { client, useTestApp } from '../../../test/app.ts';
import { createIntegration, createTrackedPerson } from '../../../test/factories/engine.ts';
import { createUser, sessionCookie, signedInManager } from '../../../test/factories.ts';
import { activityBlocks } from '../../db/schema/activity.ts';
import { integrationRuns } from '../../db/schema/integrations.ts';
import { detectGapsForAccount, fixBlocks } from './gaps.ts';

const MIN = 60_000;
const T0 = Date.UTC(2025, 3, 7, 9, 0);
const t = useTestApp();

/** Runs every 5 minutes with one 50-minute silence (09:10 -> 10:00), a block across it and a 9-hour block. */
async function setup() {
  const manager = await signedInManager(t.db);
  const integration = await createIntegration(t.db, manager.account.id, { name: 'Team chat' });
  const p = await createTrackedPerson(t.db, manager.account.id, integration.id, { name: 'Ana' });
  const runAt = [0, 5, 10, 60, 65, 70];
  await t.db.insert(integrationRuns).values([
    ...runAt.map((m) => ({
      integrationId: integration.id,
      accountId: manager.account.id,
      trigger: 'push' as const,
      status: 'success' as const,
      startedAt: new Date(T0 + m * MIN),
    })),
    // A failed run inside the silence does not close the gap.
    {
      integrationId: integration.id,
      accountId: manager.account.id,
      trigger: 'push',
      status: 'failed',
      startedAt: new Date(T0 + 30 * MIN),
    },
  ]);
  const common = {
    accountId: manager.account.id,
    personId: p.personId,
    personIntegrationId: p.personIntegrationId,
    integrationId: integration.id,
  };
  const [across] = await t.db
    .insert(activityBlocks)
    .values({
      ...common,
      startTime: new Date(T0),
      endTime: new Date(T0 + 70 * MIN),
      lastSampleAt: new Date(T0 + 65 * MIN),
    })
    .returning();
  const [long] = await t.db
    .insert(activityBlocks)
    .values({
      ...common,
      startTime: new Date(T0 + 2 * 86_400_000),
      endTime: new Date(T0 + 2 * 86_400_000 + 9 * 60 * MIN),
      lastSampleAt: new Date(T0 + 2 * 86_400_000 + 9 * 60 * MIN),
    })
    .returning();
  if (!across || !long) throw new Error('blocks not created');
  return { ...manager, integration, person: p, across, long };
}

describe('POST /api/v1/account/maintenance/detect-gaps', () => {
  it('reports long blocks and gaps between successful runs with the blocks they affect', async () => {
    const s = await setup();
    const res = await client(
      t.app,
      s.cookie,
    )({
      method: 'POST',
      url: '/api/v1/account/maintenance/detect-gaps?year=2025&month=4&minDurationHours=8',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      totalLongBlocks: 1,
      totalGaps: 1,
      totalAffectedBlocks: 1,
      summary: { averageBlockHours: 9, averageGapMinutes: 50 },
      longActivityBlocks: [
        {
          id: s.long.id,
          personId: s.person.personId,
          personName: 'Ana',
          integrationName: 'Team chat',
          startTime: new Date(T0 + 2 * 86_400_000).toISOString(),
          endTime: new Date(T0 + 2 * 86_400_000 + 9 * 60 * MIN).toISOString(),
          durationHours: 9,
          isOngoing: false,
          date: '2025-04-09',
        },
      ],
      gaps: [
        {
          integrationId: s.integration.id,
          integrationName: 'Team chat',
          gapStart: new Date(T0 + 10 * MIN).toISOString(),
          gapEnd: new Date(T0 + 60 * MIN).toISOString(),
          durationMinutes: 50,
          affectedBlocksCount: 1,
          affectedDates: ['2025-04-07'],
        },
      ],
    });
  });

  it('finds nothing in another month, and defaults the minimum to 8 hours', async () => {
    const s = await setup();
    const res = await client(
      t.app,
      s.cookie,
    )({ method: 'POST', url: '/api/v1/account/maintenance/detect-gaps?year=2025&month=5' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ totalLongBlocks: 0, totalGaps: 0, totalAffectedBlocks: 0 });
  });

  it('refuses bad input, other roles and is scoped to the account', async () => {
    const s = await setup();
    const call = client(t.app, s.cookie);
    for (const q of ['year=2025&month=13', 'month=4', 'year=2025&month=4&minDurationHours=0.2', 'year=abc&month=4']) {
      const res = await call({ method: 'POST', url: `/api/v1/account/maintenance/detect-gaps?${q}` });
      expect(res.statusCode).toBe(400);
    }
    const member = await createUser(t.db, s.account.id, { role: 'user' });
    const asUser = client(t.app, await sessionCookie(t.db, member.id));
    expect(
      (await asUser({ method: 'POST', url: '/api/v1/account/maintenance/detect-gaps?year=2025&month=4' })).statusCode,
    ).toBe(403);
    const other = await signedInManager(t.db);
    const res = await client(
      t.app,
      other.cookie,
    )({
      method: 'POST',
      url: '/api/v1/account/maintenance/detect-gaps?year=2025&month=4&minDurationHours=0.5',
    });
    expect(res.json()).toMatchObject({ totalLongBlocks: 0, totalGaps: 0 });
  });
});

describe('fixBlocks', () => {
  it('caps blocks at the last successful run before a gap and marks them edited', async () => {
    const s = await setup();
    // Another account with the same gap: fixing the first one leaves its blocks exactly as they were.
    const other = await setup();
    const otherBefore = await t.db
      .select()
      .from(activityBlocks)
      .where(eq(activityBlocks.accountId, other.account.id))
      .orderBy(activityBlocks.id);
    const now = new Date(T0 + 5 * 86_400_000);
    const result = await fixBlocks(t.db, s.account.id, { now, days: 30 });
    expect(result).toEqual({
      totalBlocksFixed: 1,
      gapsProcessed: 1,
      summary: { totalDurationReduced: 60, averageDurationReduction: 60 },
    });
    const [row] = await t.db.select().from(activityBlocks).where(eq(activityBlocks.id, s.across.id));
    expect(row?.endTime?.getTime()).toBe(T0 + 10 * MIN);
    expect(row?.editedAt).toBeInstanceOf(Date);
    const [long] = await t.db.select().from(activityBlocks).where(eq(activityBlocks.id, s.long.id));
    expect(long?.editedAt).toBeNull();
    // Fixing again changes nothing; other accounts are untouched.
    expect((await fixBlocks(t.db, s.account.id, { now, days: 30 })).totalBlocksFixed).toBe(0);
    const report = await detectGapsForAccount(t.db, s.account.id, { year: 2025, month: 4, minDurationHours: 8 }, now);
    expect(report.totalAffectedBlocks).toBe(0);
    const otherAfter = await t.db
      .select()
      .from(activityBlocks)
      .where(eq(activityBlocks.accountId, other.account.id))
      .orderBy(activityBlocks.id);
    expect(otherAfter.length).toBeGreaterThan(0);
    expect(otherAfter).toEqual(otherBefore);
  });
});
