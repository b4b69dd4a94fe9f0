import { activitiesResponse } from '@overlap/contract/activity';
import { weeklyData, yearlyData } from '@overlap/contract/calendars';
import { overlapResponse } from '@overlap/contract/overlap';
import { describe, expect, it } from 'vitest';
import { client, useTestApp } from '../../../test/app.ts';
import {
  createBlock,
  createEvent,
  createPrediction,
  createRollup,
  createTrackedPerson,
} from '../../../test/factories/activity.ts';
import { signedInManager } from '../../../test/factories.ts';

const t = useTestApp();

/**
 * The large reads are written with JSON.stringify, not re-parsed against their response schema:
 * their answers must still be exactly the contract (valid, and nothing more than it).
 */
describe('large reads answer exactly their contract', () => {
  it('day, week, year and overlap answers parse to themselves', async () => {
    const { account, cookie } = await signedInManager(t.db, { features: ['predictions'] });
    const { person, pi } = await createTrackedPerson(t.db, account.id, {
      name: 'Ines',
      timezoneAutomatic: 'Europe/Berlin',
      color: '#00aa00',
    });
    await createBlock(t.db, pi, '2025-06-10T07:00:00Z', '2025-06-10T08:30:00Z', { metadata: { source: 'x' } });
    await createBlock(t.db, pi, new Date(Date.now() - 600_000), null);
    await createEvent(t.db, pi, '2025-06-10T07:15:00Z', { url: 'https://example.com/c/1' });
    await createPrediction(t.db, person, '2025-06-10T09:00:00Z', '2025-06-10T15:00:00Z', 0.7);
    await createRollup(t.db, person, '2025-06-10', { minutesOnline: 90, blocks: 1, events: 1 });
    const read = async (url: string) => {
      const res = await client(t.app, cookie)({ method: 'GET', url });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
      return res.json() as unknown;
    };

    const day = await read('/api/v1/activities?date=2025-06-10&tz=Europe/Berlin');
    expect(activitiesResponse.parse(day)).toStrictEqual(day);
    expect((day as { people: { activityBlocks: unknown[] }[] }).people[0]?.activityBlocks).toHaveLength(1);
    const week = await read(`/api/v1/people/${person.id}/week?date=2025-06-10`);
    expect(weeklyData.parse(week)).toStrictEqual(week);
    const year = await read(`/api/v1/people/${person.id}/year?year=2025`);
    expect(yearlyData.parse(year)).toStrictEqual(year);
    const overlap = await read('/api/v1/overlap?days=2&tz=Europe/Berlin');
    expect(overlapResponse.parse(overlap)).toStrictEqual(overlap);
    expect(
      (overlap as { people: string[]; slots: { online: number[] }[] }).slots.some((s) => s.online.includes(0)),
    ).toBe(true);
    expect((overlap as { people: string[] }).people).toEqual([person.id]);
  });
});
