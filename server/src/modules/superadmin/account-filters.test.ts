import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { client, useTestApp } from '../../../test/app.ts';
import { createIntegration, createPerson } from '../../../test/factories/activity.ts';
import { signedInOperator } from '../../../test/factories/operator.ts';
import { createAccount, createUser } from '../../../test/factories.ts';
import { accounts } from '../../db/schema/accounts.ts';

const DAY = 86_400_000;
const t = useTestApp();
let cookie: string;

interface Seed {
  name: string;
  plan: string;
  createdDaysAgo: number;
  trialEndsInDays?: number;
  stripeSubscriptionStatus?: string;
  cancelAtPeriodEnd?: boolean;
  maxPeople?: number;
  activePeople?: number;
  integrations?: number;
}

/** Each account is written so that its tiles can be read off its fields (spec 001 §4). */
const SEEDS: Seed[] = [
  { name: 'Seed Active Sub', plan: 'startup', createdDaysAgo: 100, stripeSubscriptionStatus: 'active' },
  { name: 'Seed Trialing', plan: 'scaleup', createdDaysAgo: 5, trialEndsInDays: 3 },
  { name: 'Seed Expired Trial', plan: 'free', createdDaysAgo: 60, trialEndsInDays: -2 },
  {
    name: 'Seed Paying After Trial',
    plan: 'business',
    createdDaysAgo: 200,
    trialEndsInDays: -10,
    stripeSubscriptionStatus: 'active',
    cancelAtPeriodEnd: true,
  },
  { name: 'Seed Past Due', plan: 'startup', createdDaysAgo: 40, stripeSubscriptionStatus: 'past_due' },
  {
    name: 'Seed Stripe Trial',
    plan: 'scaleup',
    createdDaysAgo: 29,
    trialEndsInDays: 1,
    stripeSubscriptionStatus: 'trialing',
  },
  { name: 'Seed Full People', plan: 'free', createdDaysAgo: 31, activePeople: 5 },
  { name: 'Seed Eighty Percent', plan: 'free', createdDaysAgo: 400, activePeople: 4 },
  { name: 'Seed Integrations Full', plan: 'startup', createdDaysAgo: 1, integrations: 2 },
  { name: 'Seed Unlimited People', plan: 'startup', createdDaysAgo: 90, maxPeople: -1, activePeople: 13 },
  { name: 'Seed Legacy Plan', plan: 'legacy', createdDaysAgo: 365 },
  { name: 'Seed Canceled', plan: 'free', createdDaysAgo: 45, stripeSubscriptionStatus: 'canceled' },
];

/** The membership of every tile, written by hand from the seeds above. */
const EXPECTED: Record<string, string[]> = {
  'active-subscriptions': ['Seed Active Sub', 'Seed Paying After Trial'],
  'trial-accounts': ['Seed Trialing', 'Seed Stripe Trial'],
  'expired-trials': ['Seed Expired Trial'],
  'new-this-month': ['Seed Trialing', 'Seed Stripe Trial', 'Seed Integrations Full'],
  'basic-plans': ['Seed Active Sub', 'Seed Past Due', 'Seed Integrations Full', 'Seed Unlimited People'],
  'business-plans': ['Seed Trialing', 'Seed Stripe Trial'],
  'enterprise-plans': ['Seed Paying After Trial'],
  'free-plans': ['Seed Expired Trial', 'Seed Full People', 'Seed Eighty Percent', 'Seed Legacy Plan', 'Seed Canceled'],
  'canceling-soon': ['Seed Paying After Trial'],
  'payment-issues': ['Seed Past Due', 'Seed Canceled'],
  'high-usage': ['Seed Full People', 'Seed Integrations Full'],
};

beforeAll(async () => {
  ({ cookie } = await signedInOperator(t.db));
  const now = Date.now();
  for (const seed of SEEDS) {
    const account = await createAccount(t.db, { name: seed.name, plan: seed.plan });
    await createUser(t.db, account.id, {
      role: 'manager',
      email: `admin@${seed.name.toLowerCase().replaceAll(' ', '-')}.test`,
    });
    await t.db
      .update(accounts)
      .set({
        createdAt: new Date(now - seed.createdDaysAgo * DAY),
        trialEndsAt: seed.trialEndsInDays === undefined ? null : new Date(now + seed.trialEndsInDays * DAY),
        stripeSubscriptionStatus: seed.stripeSubscriptionStatus ?? null,
        cancelAtPeriodEnd: seed.cancelAtPeriodEnd ?? false,
        maxPeople: seed.maxPeople ?? null,
      })
      .where(eq(accounts.id, account.id));
    for (let i = 0; i < (seed.activePeople ?? 0); i++) await createPerson(t.db, account.id, { status: 'active' });
    // Unassigned people never count towards the people limit.
    await createPerson(t.db, account.id, { status: 'unassigned' });
    for (let i = 0; i < (seed.integrations ?? 0); i++) await createIntegration(t.db, account.id);
  }
});

const names = (body: { accounts: { name: string }[] }) => body.accounts.map((a) => a.name).sort();

describe('GET /api/v1/superadmin/accounts?billingFilter', () => {
  it.each(Object.entries(EXPECTED))('%s matches exactly its accounts', async (filter, expected) => {
    const res = await client(
      t.app,
      cookie,
    )({
      method: 'GET',
      url: `/api/v1/superadmin/accounts?billingFilter=${filter}&search=Seed`,
    });
    expect(res.statusCode).toBe(200);
    expect(names(res.json())).toEqual([...expected].sort());
    expect(res.json().pagination.total).toBe(expected.length);
  });

  it('counts every tile over all accounts, the operators’ own included', async () => {
    const res = await client(
      t.app,
      cookie,
    )({ method: 'GET', url: '/api/v1/superadmin/accounts?billingFilter=high-usage' });
    const counts = Object.fromEntries(Object.entries(EXPECTED).map(([f, list]) => [f, list.length]));
    // The operators' account (business plan, created now) is also new and on the enterprise tile.
    counts['new-this-month'] = (counts['new-this-month'] ?? 0) + 1;
    counts['enterprise-plans'] = (counts['enterprise-plans'] ?? 0) + 1;
    expect(res.json().summary).toEqual(counts);
  });

  it('filters across pages, not within the page of 20', async () => {
    const first = await client(
      t.app,
      cookie,
    )({ method: 'GET', url: '/api/v1/superadmin/accounts?billingFilter=free-plans&limit=2' });
    const second = await client(
      t.app,
      cookie,
    )({
      method: 'GET',
      url: '/api/v1/superadmin/accounts?billingFilter=free-plans&limit=2&page=3',
    });
    expect(first.json().pagination).toEqual({ page: 1, limit: 2, total: 5, totalPages: 3 });
    // Newest first: 31, 45, 60, 365, 400 days old.
    expect(first.json().accounts.map((a: { name: string }) => a.name)).toEqual(['Seed Full People', 'Seed Canceled']);
    expect(second.json().accounts.map((a: { name: string }) => a.name)).toEqual(['Seed Eighty Percent']);
  });

  it('combines the tile with the status and the search', async () => {
    const [past] = await t.db.select().from(accounts).where(eq(accounts.name, 'Seed Past Due'));
    await t.db
      .update(accounts)
      .set({ status: 'suspended' })
      .where(eq(accounts.id, past?.id as string));
    const suspended = await client(
      t.app,
      cookie,
    )({
      method: 'GET',
      url: '/api/v1/superadmin/accounts?billingFilter=payment-issues&status=suspended',
    });
    expect(names(suspended.json())).toEqual(['Seed Past Due']);
    const byEmail = await client(
      t.app,
      cookie,
    )({
      method: 'GET',
      url: '/api/v1/superadmin/accounts?billingFilter=payment-issues&search=ADMIN@seed-canceled',
    });
    expect(names(byEmail.json())).toEqual(['Seed Canceled']);
    await t.db
      .update(accounts)
      .set({ status: 'active' })
      .where(eq(accounts.id, past?.id as string));
  });
});
