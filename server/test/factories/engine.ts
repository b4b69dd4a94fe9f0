import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../../src/db/client.ts';
import { people, personIntegrations } from '../../src/db/schema/activity.ts';
import { integrations, services } from '../../src/db/schema/integrations.ts';

const suffix = () => randomBytes(4).toString('hex');

/** An integration of `provider` (a seeded catalogue service) for the account. */
export async function createIntegration(
  db: DbOrTx,
  accountId: string,
  values: Partial<{ provider: string; name: string; status: 'active' | 'inactive'; nextRunAt: Date | null }> = {},
) {
  const provider = values.provider ?? 'custom';
  const [service] = await db.select().from(services).where(eq(services.provider, provider));
  if (!service) throw new Error(`no seeded service ${provider}`);
  const [row] = await db
    .insert(integrations)
    .values({
      accountId,
      serviceId: service.id,
      name: values.name ?? `${service.name} ${suffix()}`,
      kind: 'presence',
      status: values.status ?? 'active',
      nextRunAt: values.nextRunAt ?? null,
    })
    .returning();
  if (!row) throw new Error('integration not created');
  return row;
}

/** A demo integration already backfilled at `lastRunAt`: its next run is a poll, not a first backfill. */
export async function createBackfilledDemo(db: DbOrTx, accountId: string, lastRunAt: Date) {
  const demo = await createIntegration(db, accountId, { provider: 'demo' });
  await db.update(integrations).set({ lastRunAt }).where(eq(integrations.id, demo.id));
  return { ...demo, lastRunAt };
}

/** A person with one person-integration on `integrationId`. */
export async function createTrackedPerson(
  db: DbOrTx,
  accountId: string,
  integrationId: string,
  values: Partial<{
    name: string;
    timezone: string | null;
    status: 'active' | 'unassigned' | 'ignored';
    personId: string;
  }> = {},
) {
  let personId = values.personId;
  if (!personId) {
    const [person] = await db
      .insert(people)
      .values({
        accountId,
        name: values.name ?? `Person ${suffix()}`,
        status: values.status ?? 'active',
        timezoneManual: values.timezone ?? null,
      })
      .returning({ id: people.id });
    if (!person) throw new Error('person not created');
    personId = person.id;
  }
  const [pi] = await db
    .insert(personIntegrations)
    .values({ accountId, personId, integrationId, externalId: `ext-${suffix()}` })
    .returning();
  if (!pi) throw new Error('person-integration not created');
  return { personId, personIntegrationId: pi.id };
}
