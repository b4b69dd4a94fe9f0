import { and, count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { client, createTestApp, type TestApp } from '../../../test/app.ts';
import { bearer, createPushIntegration } from '../../../test/factories/integrations.ts';
import { createAccount } from '../../../test/factories.ts';
import { accounts } from '../../db/schema/accounts.ts';
import { people, personIntegrations, presenceSamples } from '../../db/schema/activity.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t?.close());

const pushBody = (ids: string[]) => ({
  timestamp: new Date().toISOString(),
  source: 'cap-test',
  users: ids.map((id) => ({ personIdentifier: id, status: 'online', firstname: id })),
});
const range = (from: number, n: number, prefix = 'p') => Array.from({ length: n }, (_, i) => `${prefix}-${from + i}`);

async function unassignedOf(accountId: string) {
  const [row] = await t.db
    .select({ n: count() })
    .from(people)
    .where(and(eq(people.accountId, accountId), eq(people.status, 'unassigned')));
  return row?.n ?? 0;
}

describe('unassigned identities per account', () => {
  it('caps them at 10 times the people limit, at least 100; a push over the cap stores nothing', async () => {
    const account = await createAccount(t.db, { plan: 'free' });
    const { apiKey, integration } = await createPushIntegration(t.deps, account.id);
    const push = async (ids: string[]) => {
      const res = await client(t.app)({
        method: 'POST',
        url: '/api/v1/presence',
        body: pushBody(ids),
        headers: bearer(apiKey),
      });
      await t.deps.presence.settled();
      return res;
    };
    // Free: 5 people, so the floor of 100 applies.
    expect((await push(range(0, 90))).statusCode).toBe(200);
    const refused = await push(range(90, 11));
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({
      code: 'UNASSIGNED_LIMIT',
      message:
        "This account has 90 unassigned people and may hold at most 100 (10 times the Free plan's 5 people); " +
        'this batch would add 11. Assign or ignore unassigned people, or upgrade the plan, before new people can be added. ' +
        'Nothing was stored.',
    });
    expect(await unassignedOf(account.id)).toBe(90);
    const samples = await t.db
      .select({ n: count() })
      .from(presenceSamples)
      .innerJoin(personIntegrations, eq(personIntegrations.id, presenceSamples.personIntegrationId))
      .where(eq(personIntegrations.integrationId, integration.id));
    expect(samples[0]?.n).toBe(90);

    // Known identities still push; exactly the cap fits.
    expect((await push([...range(0, 90), ...range(90, 10)])).statusCode).toBe(200);
    expect(await unassignedOf(account.id)).toBe(100);
    expect((await push(range(100, 1))).statusCode).toBe(403);

    // A bigger plan raises the cap: business allows 100 people, so 1,000 unassigned.
    await t.db.update(accounts).set({ plan: 'business' }).where(eq(accounts.id, account.id));
    expect((await push(range(100, 50))).statusCode).toBe(200);
    expect(await unassignedOf(account.id)).toBe(150);
  });
});
