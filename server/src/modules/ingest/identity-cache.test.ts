import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { client, createTestApp, type TestApp } from '../../../test/app.ts';
import { bearer, createPushIntegration } from '../../../test/factories/integrations.ts';
import { signedInManager } from '../../../test/factories.ts';
import { people, personIntegrations } from '../../db/schema/activity.ts';
import { IDENTITY_CACHE_MS } from '../../pipeline/identity-cache.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t?.close());

const minutesAgo = (m: number) => new Date(Date.now() - m * 60_000).toISOString();

/** A manager's account with a push integration that already reported `u-1` once (so it is known). */
async function knownPerson() {
  const { account, cookie } = await signedInManager(t.db);
  const { integration, apiKey } = await createPushIntegration(t.deps, account.id);
  const push = async (minute: number) => {
    const res = await client(t.app)({
      method: 'POST',
      url: '/api/v1/presence',
      body: { timestamp: minutesAgo(minute), source: 's', users: [{ personIdentifier: 'u-1', status: 'online' }] },
      headers: bearer(apiKey),
    });
    expect(res.statusCode).toBe(200);
    await t.deps.presence.settled();
    const { accepted, skipped, peopleCreated } = res.json();
    return { accepted, skipped, peopleCreated };
  };
  expect(await push(60)).toEqual({ accepted: 1, skipped: 0, peopleCreated: 1 });
  const [row] = await t.db
    .select({ personId: personIntegrations.personId, pi: personIntegrations.id })
    .from(personIntegrations)
    .where(and(eq(personIntegrations.integrationId, integration.id), eq(personIntegrations.externalId, 'u-1')));
  if (!row) throw new Error('u-1 was not created');
  const samplesAt = async () =>
    (
      await t.db.execute<{ m: number }>(
        sql`select count(*)::int as m from presence_samples where person_integration_id = ${row.pi}`,
      )
    ).rows[0]?.m;
  /** As another process (or a job) would: straight in the database, not through this app. */
  const setStatusElsewhere = (status: 'ignored' | 'active') =>
    t.db.update(people).set({ status }).where(eq(people.id, row.personId));
  return { account, cookie, push, personId: row.personId, samplesAt, setStatusElsewhere };
}

describe('known identities reused by presence pushes', () => {
  it('a person ignored through the API is skipped by the very next push', async () => {
    const who = await knownPerson();
    // Looked up and kept by this push.
    expect(await who.push(50)).toEqual({ accepted: 1, skipped: 0, peopleCreated: 0 });
    const res = await client(
      t.app,
      who.cookie,
    )({
      method: 'PATCH',
      url: `/api/v1/people/${who.personId}`,
      body: { status: 'ignored' },
    });
    expect(res.statusCode).toBe(200);
    // Ignoring discards what was recorded of the person; the next push adds nothing back.
    expect(await who.samplesAt()).toBe(0);
    expect(await who.push(40)).toEqual({ accepted: 0, skipped: 1, peopleCreated: 0 });
    expect(await who.samplesAt()).toBe(0);
  });

  it('a change made by another process counts within the cache time; meanwhile the engine drops the samples', async () => {
    const who = await knownPerson();
    expect(await who.push(50)).toEqual({ accepted: 1, skipped: 0, peopleCreated: 0 });
    const keptUntil = Date.now() + IDENTITY_CACHE_MS;
    await who.setStatusElsewhere('ignored');
    // Still taken for a tracked person by this process, but not stored: the engine reads the person again.
    expect(await who.push(40)).toEqual({ accepted: 1, skipped: 0, peopleCreated: 0 });
    expect(await who.samplesAt()).toBe(2);
    await new Promise((resolve) => setTimeout(resolve, Math.max(0, keptUntil - Date.now()) + 50));
    expect(await who.push(30)).toEqual({ accepted: 0, skipped: 1, peopleCreated: 0 });
    expect(await who.samplesAt()).toBe(2);
  });

  it('never keeps ignored people: one no longer ignored elsewhere is accepted by the next push', async () => {
    const who = await knownPerson();
    await who.setStatusElsewhere('ignored');
    expect(await who.push(50)).toEqual({ accepted: 0, skipped: 1, peopleCreated: 0 });
    await who.setStatusElsewhere('active');
    expect(await who.push(40)).toEqual({ accepted: 1, skipped: 0, peopleCreated: 0 });
    expect(await who.samplesAt()).toBe(2);
  });
});
