import type { ExportDaysJson } from '@overlap/contract/export';
import { describe, expect, it } from 'vitest';
import { client, useTestApp } from '../../../test/app.ts';
import {
  createBlock,
  createEvent,
  createIntegration,
  createPerson,
  createTrackedPerson,
  linkPerson,
} from '../../../test/factories/activity.ts';
import { createUser, sessionCookie, signedInManager } from '../../../test/factories.ts';
import { refreshRollups } from '../../engine/rollups.ts';

const t = useTestApp();

const HEADER = 'person,date,timezone,first activity,last activity,online minutes,blocks,events,person id\r\n';

async function exportDays(cookie: string, query: string, accept?: string) {
  return client(
    t.app,
    cookie,
  )({
    method: 'GET',
    url: `/api/v1/export/days.csv?${query}`,
    headers: accept ? { accept } : {},
  });
}

/** Ada in Berlin: two integrations' overlapping blocks and an event on 10 June 2025, rollups computed by the engine. */
async function adaWithADay(accountId: string) {
  const slack = await createIntegration(t.db, accountId, { name: 'Slack' });
  const github = await createIntegration(t.db, accountId, { name: 'GitHub' });
  const ada = await createPerson(t.db, accountId, { name: 'Lovelace, Ada', timezoneManual: 'Europe/Berlin' });
  const a = await linkPerson(t.db, ada, slack);
  const b = await linkPerson(t.db, ada, github);
  await createBlock(t.db, a, '2025-06-10T06:00:00Z', '2025-06-10T07:00:00Z');
  await createBlock(t.db, b, '2025-06-10T06:30:00Z', '2025-06-10T07:30:00Z');
  await createEvent(t.db, b, '2025-06-10T05:45:00Z');
  await refreshRollups(t.db, [ada.id], new Date('2025-06-09T00:00:00Z'), new Date('2025-06-12T00:00:00Z'));
  return ada;
}

describe('GET /api/v1/export/days.csv', () => {
  it('writes one row per person and local day, overlap counted once, formulas neutralised', async () => {
    const { account, cookie } = await signedInManager(t.db);
    const ada = await adaWithADay(account.id);
    const formula = await createPerson(t.db, account.id, { name: '=2+3' });
    await createPerson(t.db, account.id, { name: 'Not yet', status: 'unassigned' });

    const res = await exportDays(cookie, 'from=2025-06-10&to=2025-06-11');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toBe('attachment; filename="overlap-days-2025-06-10-to-2025-06-11.csv"');
    expect(res.body).toBe(
      HEADER +
        `'=2+3,2025-06-10,UTC,,,0,0,0,${formula.id}\r\n` +
        `'=2+3,2025-06-11,UTC,,,0,0,0,${formula.id}\r\n` +
        `"Lovelace, Ada",2025-06-10,Europe/Berlin,2025-06-10T07:45:00+02:00,2025-06-10T09:30:00+02:00,90,2,1,${ada.id}\r\n` +
        `"Lovelace, Ada",2025-06-11,Europe/Berlin,,,0,0,0,${ada.id}\r\n`,
    );
  });

  it('answers the same rows as JSON when asked for application/json', async () => {
    const { account, cookie } = await signedInManager(t.db);
    const ada = await adaWithADay(account.id);
    const res = await exportDays(cookie, `from=2025-06-10&to=2025-06-10&people=${ada.id}`, 'application/json');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(res.json<ExportDaysJson>()).toEqual({
      from: '2025-06-10',
      to: '2025-06-10',
      days: [
        {
          person: 'Lovelace, Ada',
          date: '2025-06-10',
          timezone: 'Europe/Berlin',
          firstActivity: '2025-06-10T07:45:00+02:00',
          lastActivity: '2025-06-10T09:30:00+02:00',
          onlineMinutes: 90,
          blocks: 2,
          events: 1,
          personId: ada.id,
        },
      ],
    });
  });

  it("never shows another account's person, even when its id is asked for", async () => {
    const mine = await signedInManager(t.db);
    const other = await signedInManager(t.db);
    const stranger = await adaWithADay(other.account.id);
    const own = await createTrackedPerson(t.db, mine.account.id, { name: 'Grace' });
    const res = await exportDays(
      mine.cookie,
      `from=2025-06-10&to=2025-06-10&people=${stranger.id}&people=${own.person.id}`,
    );
    expect(res.body).toBe(`${HEADER}Grace,2025-06-10,UTC,,,0,0,0,${own.person.id}\r\n`);
    const onlyForeign = await exportDays(
      mine.cookie,
      `from=2025-06-10&to=2025-06-10&people=${stranger.id}`,
      'application/json',
    );
    expect(onlyForeign.json<ExportDaysJson>().days).toEqual([]);
  });

  it('streams a whole year of more people than one batch', async () => {
    const { account, cookie } = await signedInManager(t.db);
    for (let i = 0; i < 12; i++) await createPerson(t.db, account.id, { name: `Person ${String(i).padStart(2, '0')}` });
    const res = await exportDays(cookie, 'from=2024-01-01&to=2024-12-31');
    const lines = res.body.split('\r\n').filter(Boolean);
    expect(lines).toHaveLength(1 + 12 * 366);
    expect(lines[1]?.startsWith('Person 00,2024-01-01,UTC,')).toBe(true);
    expect(lines.at(-1)?.startsWith('Person 11,2024-12-31,UTC,')).toBe(true);
  });

  it('answers 400 naming the field for a bad range, 401 without a session; a plain user may export', async () => {
    const { account, cookie } = await signedInManager(t.db);
    for (const [query, field] of [
      ['to=2025-06-10', 'from'],
      ['from=2025-06-10', 'to'],
      ['from=2025-06-10&to=2025-06-09', 'to'],
      ['from=2025-01-01&to=2026-01-02', 'to'],
      ['from=2025-02-30&to=2025-03-02', 'from'],
      ['from=2025-06-10&to=2025-06-11&people=x', 'people'],
    ] as const) {
      const res = await exportDays(cookie, query);
      expect(res.statusCode, query).toBe(400);
      expect(res.json<{ message: string }>().message, query).toContain(field);
    }
    const anonymous = await client(t.app)({
      method: 'GET',
      url: '/api/v1/export/days.csv?from=2025-06-10&to=2025-06-10',
    });
    expect(anonymous.statusCode).toBe(401);
    const user = await createUser(t.db, account.id, { role: 'user' });
    const asUser = await exportDays(await sessionCookie(t.db, user.id), 'from=2025-06-10&to=2025-06-10');
    expect(asUser.statusCode).toBe(200);
    expect(asUser.body).toBe(HEADER);
  });
});
