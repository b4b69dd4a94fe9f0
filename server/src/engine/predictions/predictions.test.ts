import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/app.ts';
import { createIntegration, createTrackedPerson } from '../../../test/factories/engine.ts';
import { createAccount } from '../../../test/factories.ts';
import { activityBlocks, activityPredictions } from '../../db/schema/activity.ts';
import { predictionsEnabled } from './feature.ts';
import { computePredictionsForAccount } from './job.ts';
import { predictSpans } from './model.ts';

const DAY = 86_400_000;
const HOUR = 3_600_000;
// Monday 2025-06-02 00:00 UTC.
const MONDAY = Date.UTC(2025, 5, 2);

/** Working days 09:00-17:00 in UTC for `weeks` weeks before `end`. */
function officeHours(end: number, weeks: number) {
  const out = [];
  for (let d = end - weeks * 7 * DAY; d < end; d += DAY) {
    const wd = new Date(d).getUTCDay();
    if (wd !== 0 && wd !== 6) out.push({ start: d + 9 * HOUR, end: d + 17 * HOUR });
  }
  return out;
}

describe('prediction model', () => {
  it('predicts the usual working hours on working days only', () => {
    const spans = predictSpans(officeHours(MONDAY, 8), 'UTC', MONDAY + HOUR);
    expect(spans).toHaveLength(5);
    expect(spans[0]).toEqual({ start: MONDAY + 9 * HOUR, end: MONDAY + 17 * HOUR, confidence: 1 });
  });

  it('follows the person timezone', () => {
    const spans = predictSpans(officeHours(MONDAY, 8), 'Asia/Tokyo', MONDAY + HOUR);
    // 09:00-17:00 UTC is 18:00-02:00 in Tokyo, split at local midnight.
    expect(spans.length).toBeGreaterThan(5);
    expect(spans.every((s) => s.end - s.start <= DAY)).toBe(true);
  });

  it('predicts nothing without history and has a confidence between 0 and 1', () => {
    expect(predictSpans([], 'UTC', MONDAY)).toEqual([]);
    const patchy = officeHours(MONDAY, 8).filter((_, i) => i % 3 !== 0);
    for (const s of predictSpans(patchy, 'UTC', MONDAY)) {
      expect(s.confidence).toBeGreaterThan(0);
      expect(s.confidence).toBeLessThanOrEqual(1);
    }
  });

  it('is exposed only with the predictions feature flag', () => {
    expect(predictionsEnabled({ features: ['predictions'] })).toBe(true);
    expect(predictionsEnabled({ features: ['teams'] })).toBe(false);
    expect(predictionsEnabled({ features: null })).toBe(false);
  });
});

describe('computePredictionsForAccount', () => {
  const t = useTestApp();

  it('replaces the predictions of active people for the next 14 days from their blocks', async () => {
    const account = await createAccount(t.db);
    const integration = await createIntegration(t.db, account.id);
    const p = await createTrackedPerson(t.db, account.id, integration.id);
    const idle = await createTrackedPerson(t.db, account.id, integration.id, { status: 'unassigned' });
    await t.db.insert(activityBlocks).values(
      officeHours(MONDAY, 8).map((r) => ({
        accountId: account.id,
        personId: p.personId,
        personIntegrationId: p.personIntegrationId,
        integrationId: integration.id,
        startTime: new Date(r.start),
        endTime: new Date(r.end),
        lastSampleAt: new Date(r.end),
      })),
    );
    const now = new Date(MONDAY + HOUR);
    // Two working weeks: Monday 2 June to Friday 13 June.
    expect(await computePredictionsForAccount(t.db, account.id, now)).toEqual({ people: 1, spans: 10 });
    expect(await computePredictionsForAccount(t.db, account.id, now)).toEqual({ people: 1, spans: 10 });
    const rows = await t.db.select().from(activityPredictions).where(eq(activityPredictions.accountId, account.id));
    expect(rows).toHaveLength(10);
    expect(rows.every((r) => r.personId === p.personId && r.confidence === 1)).toBe(true);
    expect(rows.some((r) => r.personId === idle.personId)).toBe(false);
  });
});
