import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { client, useTestApp } from '../../../test/app.ts';
import { createIntegration, createTrackedPerson } from '../../../test/factories/engine.ts';
import { customerAccount, signedInOperator } from '../../../test/factories/operator.ts';
import { auditLog } from '../../db/schema/accounts.ts';
import { activityBlocks } from '../../db/schema/activity.ts';
import { integrationRuns } from '../../db/schema/integrations.ts';

const MIN = 60_000;
const t = useTestApp();
let cookie: string;

beforeAll(async () => {
  ({ cookie } = await signedInOperator(t.db));
});

/** Runs every 5 minutes ten days ago, with one 50-minute silence and a block across it. */
async function accountWithGap() {
  const { account } = await customerAccount(t.db);
  const t0 = Math.floor((Date.now() - 10 * 86_400_000) / MIN) * MIN;
  const integration = await createIntegration(t.db, account.id, { name: 'Team chat' });
  const p = await createTrackedPerson(t.db, account.id, integration.id, { name: 'Ana' });
  await t.db.insert(integrationRuns).values(
    [0, 5, 10, 60, 65, 70].map((m) => ({
      integrationId: integration.id,
      accountId: account.id,
      trigger: 'push' as const,
      status: 'success' as const,
      startedAt: new Date(t0 + m * MIN),
    })),
  );
  const [block] = await t.db
    .insert(activityBlocks)
    .values({
      accountId: account.id,
      personId: p.personId,
      personIntegrationId: p.personIntegrationId,
      integrationId: integration.id,
      startTime: new Date(t0),
      endTime: new Date(t0 + 70 * MIN),
      lastSampleAt: new Date(t0 + 65 * MIN),
    })
    .returning();
  return { account, integration, block, t0 };
}

describe('operator maintenance', () => {
  it('detects the gaps of the last 90 days, then fixes the blocks across them', async () => {
    const { account, integration, block, t0 } = await accountWithGap();
    const as = client(t.app, cookie);
    const gaps = await as({ method: 'POST', url: `/api/v1/superadmin/accounts/${account.id}/maintenance/detect-gaps` });
    expect(gaps.statusCode).toBe(200);
    expect(gaps.json()).toEqual({
      totalGaps: 1,
      totalAffectedBlocks: 1,
      summary: { averageGapMinutes: 50 },
      gaps: [
        {
          integrationId: integration.id,
          integrationName: 'Team chat',
          gapStart: new Date(t0 + 10 * MIN).toISOString(),
          gapEnd: new Date(t0 + 60 * MIN).toISOString(),
          durationMinutes: 50,
          affectedBlocksCount: 1,
          affectedDates: [new Date(t0).toISOString().slice(0, 10)],
        },
      ],
    });
    const fixed = await as({ method: 'POST', url: `/api/v1/superadmin/accounts/${account.id}/maintenance/fix-blocks` });
    expect(fixed.json()).toEqual({
      totalBlocksFixed: 1,
      gapsProcessed: 1,
      summary: { totalDurationReduced: 60, averageDurationReduction: 60 },
    });
    const [row] = await t.db
      .select()
      .from(activityBlocks)
      .where(eq(activityBlocks.id, block?.id as string));
    expect(row?.endTime?.toISOString()).toBe(new Date(t0 + 10 * MIN).toISOString());
    const [entry] = await t.db.select().from(auditLog).where(eq(auditLog.accountId, account.id));
    expect(entry).toMatchObject({
      action: 'operator.blocks_fixed',
      details: { totalBlocksFixed: 1, gapsProcessed: 1 },
    });
    const after = await as({
      method: 'POST',
      url: `/api/v1/superadmin/accounts/${account.id}/maintenance/detect-gaps`,
    });
    expect(after.json()).toMatchObject({ totalGaps: 1, totalAffectedBlocks: 0 });
  });

  it('answers an account without integrations with nothing to do, and an unknown one with 404', async () => {
    const { account } = await customerAccount(t.db);
    const as = client(t.app, cookie);
    const gaps = await as({ method: 'POST', url: `/api/v1/superadmin/accounts/${account.id}/maintenance/detect-gaps` });
    expect(gaps.json()).toEqual({ totalGaps: 0, totalAffectedBlocks: 0, summary: { averageGapMinutes: 0 }, gaps: [] });
    const missing = await as({
      method: 'POST',
      url: '/api/v1/superadmin/accounts/00000000-0000-4000-8000-000000000000/maintenance/fix-blocks',
    });
    expect(missing.statusCode).toBe(404);
  });
});
