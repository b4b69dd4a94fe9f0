import { asc, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { client, useTestApp } from '../../../test/app.ts';
import { createIntegration, createTrackedPerson } from '../../../test/factories/engine.ts';
import { createUser, sessionCookie, signedInManager } from '../../../test/factories.ts';
import { activityBlocks, personDailyRollups, presenceSamples } from '../../db/schema/activity.ts';
import { applyPresenceSamples } from '../../engine/apply-presence.ts';

const MIN = 60_000;
const T0 = Date.UTC(2025, 3, 7, 9, 0);
const t = useTestApp();

/** A manager's account with one person whose samples make two blocks: 09:00-10:00 and 11:00-11:30. */
async function setup() {
  const { account, cookie } = await signedInManager(t.db);
  const integration = await createIntegration(t.db, account.id);
  const p = await createTrackedPerson(t.db, account.id, integration.id);
  const series = (from: number, to: number) =>
    Array.from({ length: (to - from) / 5 + 1 }, (_, i) => ({
      personIntegrationId: p.personIntegrationId,
      personId: p.personId,
      at: new Date(T0 + (from + i * 5) * MIN),
      status: 'online' as const,
      timezone: 'UTC',
    }));
  await applyPresenceSamples(t.db, {
    accountId: account.id,
    integrationId: integration.id,
    stepMinutes: 5,
    samples: [...series(0, 55), ...series(120, 145)],
    now: new Date(T0 + 86_400_000),
  });
  const blocks = await t.db
    .select()
    .from(activityBlocks)
    .where(eq(activityBlocks.personId, p.personId))
    .orderBy(asc(activityBlocks.startTime));
  return { account, cookie, integration, person: p, blocks };
}

const minutesOnline = async (personId: string) =>
  (await t.db.select().from(personDailyRollups).where(eq(personDailyRollups.personId, personId)))[0]?.minutesOnline;

describe('PATCH /api/v1/activity-blocks/:id', () => {
  it('corrects a block, marks it edited and keeps rollups current', async () => {
    const s = await setup();
    const first = s.blocks[0];
    if (!first) throw new Error('no block');
    expect(await minutesOnline(s.person.personId)).toBe(60 + 30);
    const res = await client(
      t.app,
      s.cookie,
    )({
      method: 'PATCH',
      url: `/api/v1/activity-blocks/${first.id}`,
      body: { startTime: new Date(T0).toISOString(), endTime: new Date(T0 + 30 * MIN).toISOString() },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      id: first.id,
      durationMinutes: 30,
      isOngoing: false,
      integrationId: s.integration.id,
    });
    const [row] = await t.db.select().from(activityBlocks).where(eq(activityBlocks.id, first.id));
    expect(row?.editedAt).not.toBeNull();
    expect(await minutesOnline(s.person.personId)).toBe(30 + 30);

    // A later sample inside the edited range does not bring the old block back.
    await applyPresenceSamples(t.db, {
      accountId: s.account.id,
      integrationId: s.integration.id,
      stepMinutes: 5,
      samples: [
        { ...s.person, at: new Date(T0 + 20 * MIN), status: 'online', timezone: 'UTC' },
        { ...s.person, at: new Date(T0 + 50 * MIN), status: 'online', timezone: 'UTC' },
      ],
      now: new Date(T0 + 86_400_000),
    });
    const blocks = await t.db.select().from(activityBlocks).where(eq(activityBlocks.personId, s.person.personId));
    expect(blocks.map((b) => b.startTime.getTime()).sort()).toEqual([T0, T0 + 50 * MIN, T0 + 120 * MIN]);
  });

  it('extending over the next block replaces it instead of overlapping it', async () => {
    const s = await setup();
    const first = s.blocks[0];
    if (!first) throw new Error('no block');
    const res = await client(
      t.app,
      s.cookie,
    )({
      method: 'PATCH',
      url: `/api/v1/activity-blocks/${first.id}`,
      body: { startTime: new Date(T0).toISOString(), endTime: new Date(T0 + 140 * MIN).toISOString() },
    });
    expect(res.statusCode).toBe(200);
    const blocks = await t.db
      .select()
      .from(activityBlocks)
      .where(eq(activityBlocks.personId, s.person.personId))
      .orderBy(asc(activityBlocks.startTime));
    expect(blocks.map((b) => [b.startTime.getTime(), b.endTime?.getTime()])).toEqual([
      [T0, T0 + 140 * MIN],
      [T0 + 145 * MIN, T0 + 150 * MIN],
    ]);
  });

  it('refuses bad input with 400 and changes nothing', async () => {
    const s = await setup();
    const first = s.blocks[0];
    if (!first) throw new Error('no block');
    const call = client(t.app, s.cookie);
    const bad = [
      { startTime: new Date(T0).toISOString() },
      { startTime: 'yesterday', endTime: new Date(T0).toISOString() },
      { startTime: new Date(T0 + 10 * MIN).toISOString(), endTime: new Date(T0).toISOString() },
    ];
    for (const body of bad) {
      const res = await call({ method: 'PATCH', url: `/api/v1/activity-blocks/${first.id}`, body });
      expect(res.statusCode).toBe(400);
      expect(res.json().details?.length).toBeGreaterThan(0);
    }
    const [row] = await t.db.select().from(activityBlocks).where(eq(activityBlocks.id, first.id));
    expect(row?.endTime?.getTime()).toBe(first.endTime?.getTime());
    expect(row?.editedAt).toBeNull();
  });

  it('is for managers only and hides other accounts', async () => {
    const s = await setup();
    const other = await setup();
    const first = s.blocks[0];
    if (!first) throw new Error('no block');
    const body = { startTime: new Date(T0).toISOString(), endTime: new Date(T0 + 10 * MIN).toISOString() };
    const member = await createUser(t.db, s.account.id, { role: 'user' });
    const asUser = client(t.app, await sessionCookie(t.db, member.id));
    expect((await asUser({ method: 'PATCH', url: `/api/v1/activity-blocks/${first.id}`, body })).statusCode).toBe(403);
    expect((await asUser({ method: 'DELETE', url: `/api/v1/activity-blocks/${first.id}` })).statusCode).toBe(403);
    const asOther = client(t.app, other.cookie);
    expect((await asOther({ method: 'PATCH', url: `/api/v1/activity-blocks/${first.id}`, body })).statusCode).toBe(404);
    expect((await asOther({ method: 'DELETE', url: `/api/v1/activity-blocks/${first.id}` })).statusCode).toBe(404);
    expect((await client(t.app)({ method: 'DELETE', url: `/api/v1/activity-blocks/${first.id}` })).statusCode).toBe(
      401,
    );
    const [row] = await t.db.select().from(activityBlocks).where(eq(activityBlocks.id, first.id));
    expect(row?.editedAt).toBeNull();
  });
});

describe('DELETE /api/v1/activity-blocks/:id', () => {
  it('deletes the block and its samples; rollups follow', async () => {
    const s = await setup();
    const second = s.blocks[1];
    if (!second) throw new Error('no block');
    const res = await client(t.app, s.cookie)({ method: 'DELETE', url: `/api/v1/activity-blocks/${second.id}` });
    expect(res.statusCode).toBe(200);
    expect(await t.db.select().from(activityBlocks).where(eq(activityBlocks.id, second.id))).toEqual([]);
    const samples = await t.db
      .select()
      .from(presenceSamples)
      .where(eq(presenceSamples.personIntegrationId, s.person.personIntegrationId));
    expect(samples).toHaveLength(12);
    expect(await minutesOnline(s.person.personId)).toBe(60);
    const again = await client(t.app, s.cookie)({ method: 'DELETE', url: `/api/v1/activity-blocks/${second.id}` });
    expect(again.statusCode).toBe(404);
  });
});

describe('POST /api/v1/activity-blocks/restore', () => {
  it('undoes a delete: the block comes back with its samples and the rollups follow, once', async () => {
    const s = await setup();
    const second = s.blocks[1];
    if (!second) throw new Error('no block');
    const call = client(t.app, s.cookie);
    const deleted = await call({ method: 'DELETE', url: `/api/v1/activity-blocks/${second.id}` });
    expect(deleted.json()).toMatchObject({ success: true, message: 'Activity block deleted' });
    const { undoToken } = deleted.json();
    expect(await minutesOnline(s.person.personId)).toBe(60);

    const res = await call({ method: 'POST', url: '/api/v1/activity-blocks/restore', body: { undoToken } });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      id: second.id,
      startTime: second.startTime.toISOString(),
      endTime: second.endTime?.toISOString(),
      durationMinutes: 30,
      integrationId: s.integration.id,
    });
    const [row] = await t.db.select().from(activityBlocks).where(eq(activityBlocks.id, second.id));
    expect([row?.startTime, row?.endTime]).toEqual([second.startTime, second.endTime]);
    const samples = await t.db
      .select()
      .from(presenceSamples)
      .where(eq(presenceSamples.personIntegrationId, s.person.personIntegrationId));
    expect(samples).toHaveLength(12 + 6);
    expect(await minutesOnline(s.person.personId)).toBe(60 + 30);

    const twice = await call({ method: 'POST', url: '/api/v1/activity-blocks/restore', body: { undoToken } });
    expect(twice.statusCode).toBe(409);
    expect(twice.json().message).toBe('This block was already restored.');
  });

  it('refuses a token older than 10 minutes (409) and restores nothing; one just younger still restores', async () => {
    const s = await setup();
    const second = s.blocks[1];
    if (!second) throw new Error('no block');
    const call = client(t.app, s.cookie);
    const deleted = await call({ method: 'DELETE', url: `/api/v1/activity-blocks/${second.id}` });
    const sealed = t.deps.secrets.decryptJson<{ expiresAt: number; deletedAt: string }>(deleted.json().undoToken);
    const deletedAgo = (ms: number) =>
      t.deps.secrets.encryptJson({
        ...sealed,
        expiresAt: Date.now() - ms + 10 * MIN,
        deletedAt: new Date(Date.now() - ms).toISOString(),
      });

    const expired = await call({
      method: 'POST',
      url: '/api/v1/activity-blocks/restore',
      body: { undoToken: deletedAgo(10 * MIN + 1000) },
    });
    expect(expired.statusCode).toBe(409);
    expect(expired.json().message).toBe(
      'The block was deleted more than 10 minutes ago and can no longer be restored.',
    );
    expect(await t.db.select().from(activityBlocks).where(eq(activityBlocks.id, second.id))).toEqual([]);
    expect(await minutesOnline(s.person.personId)).toBe(60);

    const fresh = await call({
      method: 'POST',
      url: '/api/v1/activity-blocks/restore',
      body: { undoToken: deletedAgo(10 * MIN - 60_000) },
    });
    expect(fresh.statusCode).toBe(200);
    expect(fresh.json()).toMatchObject({ id: second.id, durationMinutes: 30 });
    expect(await minutesOnline(s.person.personId)).toBe(60 + 30);
  });

  it("refuses a forged token (400), another account's token (404) and a plain user (403), restoring nothing", async () => {
    const s = await setup();
    const other = await setup();
    const second = s.blocks[1];
    if (!second) throw new Error('no block');
    const deleted = await client(t.app, s.cookie)({ method: 'DELETE', url: `/api/v1/activity-blocks/${second.id}` });
    const { undoToken } = deleted.json();

    const forged = await client(
      t.app,
      s.cookie,
    )({
      method: 'POST',
      url: '/api/v1/activity-blocks/restore',
      body: { undoToken: `${undoToken.slice(0, -4)}AAAA` },
    });
    expect(forged.statusCode).toBe(400);
    expect(JSON.stringify(forged.json())).toContain('undoToken');
    const foreign = await client(
      t.app,
      other.cookie,
    )({
      method: 'POST',
      url: '/api/v1/activity-blocks/restore',
      body: { undoToken },
    });
    expect(foreign.statusCode).toBe(404);
    const member = await createUser(t.db, s.account.id, { role: 'user' });
    const asMember = await client(
      t.app,
      await sessionCookie(t.db, member.id),
    )({
      method: 'POST',
      url: '/api/v1/activity-blocks/restore',
      body: { undoToken },
    });
    expect(asMember.statusCode).toBe(403);
    expect(await t.db.select().from(activityBlocks).where(eq(activityBlocks.id, second.id))).toEqual([]);
  });
});
