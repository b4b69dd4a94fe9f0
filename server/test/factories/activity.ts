import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Db } from '../../src/db/client.ts';
import {
  activityBlocks,
  activityEvents,
  activityPredictions,
  type PersonStatus,
  people,
  personDailyRollups,
  personIntegrations,
} from '../../src/db/schema/activity.ts';
import { integrations, services } from '../../src/db/schema/integrations.ts';

const suffix = () => randomBytes(4).toString('hex');

function one<T>(rows: T[]): T {
  const row = rows[0];
  if (!row) throw new Error('row not created');
  return row;
}

export async function createIntegration(
  db: Db,
  accountId: string,
  values: Partial<{ name: string; color: string | null; provider: string; kind: 'presence' | 'events' }> = {},
) {
  const provider = values.provider ?? 'demo';
  const [service] = await db.select().from(services).where(eq(services.provider, provider)).limit(1);
  const serviceId =
    service?.id ??
    one(await db.insert(services).values({ name: provider, provider }).returning({ id: services.id })).id;
  return one(
    await db
      .insert(integrations)
      .values({
        accountId,
        serviceId,
        name: values.name ?? `Integration ${suffix()}`,
        kind: values.kind ?? 'presence',
        config: values.color === null ? {} : { color: values.color ?? '#22c55e' },
      })
      .returning(),
  );
}

export async function createPerson(
  db: Db,
  accountId: string,
  values: Partial<{
    name: string | null;
    email: string | null;
    status: PersonStatus;
    color: string | null;
    timezoneManual: string | null;
    timezoneAutomatic: string | null;
    personIdentifier: string;
    isOnline: boolean;
    lastSeenAt: Date | null;
  }> = {},
) {
  return one(
    await db
      .insert(people)
      .values({
        accountId,
        name: values.name === undefined ? `Person ${suffix()}` : values.name,
        email: values.email ?? null,
        status: values.status ?? 'active',
        color: values.color ?? null,
        timezoneManual: values.timezoneManual ?? null,
        timezoneAutomatic: values.timezoneAutomatic ?? null,
        personIdentifier: values.personIdentifier ?? `id-${suffix()}`,
        isOnline: values.isOnline ?? false,
        lastSeenAt: values.lastSeenAt ?? null,
      })
      .returning(),
  );
}

export async function linkPerson(
  db: Db,
  person: { id: string; accountId: string },
  integration: { id: string },
  externalId = `ext-${suffix()}`,
) {
  return one(
    await db
      .insert(personIntegrations)
      .values({ accountId: person.accountId, personId: person.id, integrationId: integration.id, externalId })
      .returning(),
  );
}

export async function createBlock(
  db: Db,
  pi: { id: string; accountId: string; personId: string; integrationId: string },
  start: string | Date,
  end: string | Date | null,
  values: Partial<{ timezoneAtStart: string; metadata: Record<string, unknown> }> = {},
) {
  const startTime = new Date(start);
  const endTime = end === null ? null : new Date(end);
  return one(
    await db
      .insert(activityBlocks)
      .values({
        accountId: pi.accountId,
        personId: pi.personId,
        personIntegrationId: pi.id,
        integrationId: pi.integrationId,
        startTime,
        endTime,
        lastSampleAt: endTime ?? startTime,
        timezoneAtStart: values.timezoneAtStart ?? 'UTC',
        metadata: values.metadata ?? {},
      })
      .returning(),
  );
}

export async function createEvent(
  db: Db,
  pi: { id: string; accountId: string; personId: string; integrationId: string },
  at: string | Date,
  values: Partial<{ kind: string; title: string; url: string; metadata: Record<string, unknown> }> = {},
) {
  return one(
    await db
      .insert(activityEvents)
      .values({
        accountId: pi.accountId,
        personId: pi.personId,
        personIntegrationId: pi.id,
        integrationId: pi.integrationId,
        externalId: `evt-${suffix()}`,
        kind: values.kind ?? 'git_commit',
        timestamp: new Date(at),
        title: values.title ?? 'Fix the build',
        url: values.url ?? null,
        metadata: values.metadata ?? {},
      })
      .returning(),
  );
}

export async function createPrediction(
  db: Db,
  person: { id: string; accountId: string },
  start: string | Date,
  end: string | Date,
  confidence = 0.5,
) {
  return one(
    await db
      .insert(activityPredictions)
      .values({
        accountId: person.accountId,
        personId: person.id,
        startTime: new Date(start),
        endTime: new Date(end),
        confidence,
      })
      .returning(),
  );
}

export async function createRollup(
  db: Db,
  person: { id: string; accountId: string },
  day: string,
  values: { minutesOnline: number; blocks?: number; events?: number },
) {
  return one(
    await db
      .insert(personDailyRollups)
      .values({
        personId: person.id,
        accountId: person.accountId,
        day,
        minutesOnline: values.minutesOnline,
        blocks: values.blocks ?? 1,
        events: values.events ?? 0,
      })
      .returning(),
  );
}

/** A person with one integration link, ready for blocks and events. */
export async function createTrackedPerson(
  db: Db,
  accountId: string,
  values: Parameters<typeof createPerson>[2] = {},
  integration?: { id: string },
) {
  const person = await createPerson(db, accountId, values);
  const source = integration ?? (await createIntegration(db, accountId));
  const pi = await linkPerson(db, person, source);
  return { person, integration: source, pi };
}
