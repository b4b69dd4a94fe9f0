import type {
  PersonIntegrationBlocks,
  PersonIntegrationDetail,
  PersonIntegrationEvents,
} from '@overlap/contract/people';
import { describe, expect, it } from 'vitest';
import { client, useTestApp } from '../../../test/app.ts';
import {
  createBlock,
  createEvent,
  createIntegration,
  createTrackedPerson,
  linkPerson,
} from '../../../test/factories/activity.ts';
import { createUser, sessionCookie, signedInManager } from '../../../test/factories.ts';

const t = useTestApp();

const get = async <T = { message: string }>(cookie: string | undefined, url: string) => {
  const res = await client(t.app, cookie)({ method: 'GET', url });
  return { status: res.statusCode, body: res.json() as T };
};

describe('person-integration activity', () => {
  it('pages events and blocks newest first with {total, offset, limit}', async () => {
    const { account } = await signedInManager(t.db);
    const user = await createUser(t.db, account.id, { role: 'user' });
    const cookie = await sessionCookie(t.db, user.id);
    const { person, pi } = await createTrackedPerson(t.db, account.id, { name: 'Ada' });
    // Ada's other identity, with events of its own in the same hours: not this identity's.
    const other = await linkPerson(t.db, person, await createIntegration(t.db, account.id));
    for (let i = 0; i < 3; i++) await createEvent(t.db, other, `2025-05-06T0${i}:10:00Z`, { title: `other${i}` });
    for (let i = 0; i < 25; i++) {
      const hour = String(i % 24).padStart(2, '0');
      const day = i < 24 ? '05' : '06';
      await createEvent(t.db, pi, `2025-05-${day}T${hour}:00:00Z`, { title: `e${i}` });
      await createBlock(t.db, pi, `2025-05-${day}T${hour}:00:00Z`, `2025-05-${day}T${hour}:30:00Z`);
    }
    const first = await get<PersonIntegrationEvents>(cookie, `/api/v1/people-integrations/${pi.id}/events`);
    expect(first.status).toBe(200);
    expect(first.body.events).toHaveLength(20);
    expect(first.body.events[0]?.title).toBe('e24');
    expect(first.body.pagination).toEqual({ total: 25, offset: 0, limit: 20 });
    const rest = await get<PersonIntegrationEvents>(
      cookie,
      `/api/v1/people-integrations/${pi.id}/events?offset=20&limit=20`,
    );
    expect(rest.body.events.map((e) => e.title)).toEqual(['e4', 'e3', 'e2', 'e1', 'e0']);
    const blocks = await get<PersonIntegrationBlocks>(
      cookie,
      `/api/v1/people-integrations/${pi.id}/activity-blocks?limit=5`,
    );
    expect(blocks.body.activityBlocks).toHaveLength(5);
    expect(blocks.body.activityBlocks[0]).toMatchObject({ startTime: '2025-05-06T00:00:00.000Z', durationMinutes: 30 });
    expect(blocks.body.pagination).toEqual({ total: 25, offset: 0, limit: 5 });
    const detail = await get<PersonIntegrationDetail>(cookie, `/api/v1/people-integrations/${pi.id}`);
    expect(detail.body).toMatchObject({
      id: pi.id,
      person: { id: person.id, name: 'Ada' },
      _count: { activityEvents: 25 },
    });
    const others = await get<PersonIntegrationEvents>(cookie, `/api/v1/people-integrations/${other.id}/events`);
    expect(others.body.events.map((e) => e.title)).toEqual(['other2', 'other1', 'other0']);
    expect(others.body.pagination).toEqual({ total: 3, offset: 0, limit: 20 });
  });

  it('answers 404 for another account, 400 for bad paging, 401 without a session', async () => {
    const { account } = await signedInManager(t.db);
    const { pi } = await createTrackedPerson(t.db, account.id);
    const other = await signedInManager(t.db);
    for (const path of ['', '/events', '/activity-blocks']) {
      const res = await get(other.cookie, `/api/v1/people-integrations/${pi.id}${path}`);
      expect(res.status, path).toBe(404);
      expect(res.body.message).toBe('Person integration not found');
      expect((await get(undefined, `/api/v1/people-integrations/${pi.id}${path}`)).status).toBe(401);
    }
    const { cookie } = await signedInManager(t.db);
    const bad = await get(cookie, `/api/v1/people-integrations/${pi.id}/events?limit=0`);
    expect(bad.status).toBe(400);
    expect(bad.body.message).toContain('limit');
    const badOffset = await get(cookie, `/api/v1/people-integrations/${pi.id}/events?offset=-1`);
    expect(badOffset.body.message).toContain('offset');
  });
});
