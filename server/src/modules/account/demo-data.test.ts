import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { client, useTestApp } from '../../../test/app.ts';
import { createUser, sessionCookie, signedInManager } from '../../../test/factories.ts';
import { holdLockInTransaction, lockWaiters } from '../../../test/held-transaction.ts';
import { people } from '../../db/schema/activity.ts';
import { createDemoIntegration } from '../../pipeline/demo-backfill.ts';
import { PUMP_LOCK } from '../../pipeline/presence-inbox.ts';

const t = useTestApp();

async function addUnassigned(accountId: string, names: string[]) {
  return t.db
    .insert(people)
    .values(
      names.map((name) => ({ accountId, name, personIdentifier: name.toLowerCase(), status: 'unassigned' as const })),
    )
    .returning({ id: people.id, name: people.name });
}

async function activityOf(accountId: string) {
  const result = await t.db.execute<Record<string, number>>(sql`
    select (select count(*)::int from people where account_id = ${accountId}) as people,
           (select count(*)::int from people where account_id = ${accountId} and is_demo) as demo,
           (select count(*)::int from activity_blocks where account_id = ${accountId}) as blocks,
           (select count(*)::int from activity_events where account_id = ${accountId}) as events,
           (select count(*)::int from person_daily_rollups where account_id = ${accountId}) as rollups,
           (select count(*)::int from presence_samples s join person_integrations pi on pi.id = s.person_integration_id
             where pi.account_id = ${accountId}) as samples,
           (select count(*)::int from integrations where account_id = ${accountId}) as integrations`);
  return result.rows[0] as Record<string, number>;
}

describe('demo people', () => {
  it('start active and marked as demo, outside the free plan limit of 5 active people', async () => {
    const { account, cookie } = await signedInManager(t.db, { plan: 'free' });
    await createDemoIntegration(t.deps, account.id, { days: 14 });
    const call = client(t.app, cookie);

    const active = await call({ method: 'GET', url: '/api/v1/people?status=active&page=1&limit=100' });
    expect(active.json().pagination.totalCount).toBe(8);
    expect(active.json().demoCount).toBe(8);
    expect(active.json().people.map((p: { isDemo: boolean }) => p.isDemo)).toEqual(Array(8).fill(true));
    expect((await call({ method: 'GET', url: '/api/v1/account' })).json()).toMatchObject({
      demoPeople: 8,
      billing: { maxPeople: 5 },
    });
    expect((await call({ method: 'GET', url: '/api/v1/unassigned?page=1&limit=1' })).json().pagination.totalCount).toBe(
      0,
    );

    // Five real people fit the free plan next to the eight demo people; the sixth does not.
    const real = await addUnassigned(account.id, ['Rita', 'Sam', 'Tom', 'Uma', 'Vic', 'Wes']);
    const answers = [];
    for (const p of real) {
      const res = await call({ method: 'POST', url: `/api/v1/unassigned/${p.id}/revive`, body: { name: p.name } });
      answers.push(res.statusCode);
    }
    expect(answers).toEqual([200, 200, 200, 200, 200, 409]);
  });

  it('go with their activity and the Demo Data integration on DELETE /api/v1/account/demo-data', async () => {
    const { account, cookie } = await signedInManager(t.db, { plan: 'free' });
    const other = await signedInManager(t.db, { plan: 'free' });
    await createDemoIntegration(t.deps, account.id, { days: 14 });
    await createDemoIntegration(t.deps, other.account.id, { days: 14 });
    const [rita] = await addUnassigned(account.id, ['Rita']);
    const before = await activityOf(account.id);
    expect(before).toMatchObject({ people: 9, demo: 8, integrations: 1 });
    expect(before.blocks).toBeGreaterThan(0);
    expect(before.samples).toBeGreaterThan(0);
    const otherBefore = await activityOf(other.account.id);

    const member = await createUser(t.db, account.id, { role: 'user' });
    const refused = await client(
      t.app,
      await sessionCookie(t.db, member.id),
    )({
      method: 'DELETE',
      url: '/api/v1/account/demo-data',
    });
    expect(refused.statusCode).toBe(403);
    expect(await activityOf(account.id)).toEqual(before);

    const res = await client(t.app, cookie)({ method: 'DELETE', url: '/api/v1/account/demo-data' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ removedPeople: 8, removedIntegrations: 1 });
    expect(await activityOf(account.id)).toEqual({
      people: 1,
      demo: 0,
      blocks: 0,
      events: 0,
      rollups: 0,
      samples: 0,
      integrations: 0,
    });
    const left = await t.db.select({ id: people.id }).from(people).where(eq(people.accountId, account.id));
    expect(left).toEqual([{ id: rita?.id }]);
    expect(await activityOf(other.account.id)).toEqual(otherBefore);
    const view = await client(t.app, cookie)({ method: 'GET', url: '/api/v1/account' });
    expect(view.json().demoPeople).toBe(0);
    const again = await client(t.app, cookie)({ method: 'DELETE', url: '/api/v1/account/demo-data' });
    expect(again.json()).toEqual({ removedPeople: 0, removedIntegrations: 0 });
  });
});

describe('removing the demo data', () => {
  it("waits for the pump's round in progress before it deletes anything", async () => {
    const { account, cookie } = await signedInManager(t.db, { plan: 'free' });
    await createDemoIntegration(t.deps, account.id, { days: 2 });
    const before = await activityOf(account.id);
    const round = await holdLockInTransaction(t.db, (tx) =>
      tx.execute(sql`select pg_advisory_xact_lock(${PUMP_LOCK})`),
    );
    let removal: Promise<{ statusCode: number }> = Promise.resolve({ statusCode: 0 });
    try {
      removal = client(t.app, cookie)({ method: 'DELETE', url: '/api/v1/account/demo-data' });
      await expect.poll(() => lockWaiters(t.db, 'pg_advisory_xact_lock'), { timeout: 5_000 }).toBe(1);
      expect(await activityOf(account.id)).toEqual(before);
    } finally {
      await round.release();
    }
    expect((await removal).statusCode).toBe(200);
    expect(await activityOf(account.id)).toMatchObject({ demo: 0, blocks: 0, events: 0, samples: 0, integrations: 0 });
  });
});
