import type { AccountIntegration } from '@overlap/contract/account';
import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { accounts } from '../../db/schema/accounts.ts';
import { integrations, services } from '../../db/schema/integrations.ts';

export const STALE_AFTER_MS = 60 * 60 * 1000;

export async function findAccount(db: DbOrTx, accountId: string) {
  const [row] = await db.select().from(accounts).where(eq(accounts.id, accountId)).limit(1);
  return row ?? null;
}

/** The account's integrations (archived ones left out), oldest first, with their service. */
export async function listAccountIntegrations(db: DbOrTx, accountId: string): Promise<AccountIntegration[]> {
  const rows = await db
    .select({ integration: integrations, service: services })
    .from(integrations)
    .innerJoin(services, eq(services.id, integrations.serviceId))
    .where(and(eq(integrations.accountId, accountId), isNull(integrations.archivedAt)))
    .orderBy(asc(integrations.createdAt));
  return rows.map(({ integration, service }) => ({
    id: integration.id,
    name: integration.name,
    status: integration.status,
    kind: integration.kind,
    createdAt: integration.createdAt.toISOString(),
    service: {
      id: service.id,
      name: service.name,
      provider: service.provider,
      enabled: service.enabled,
      tokenAuthentication: service.tokenAuthentication,
    },
  }));
}

/** Active, unarchived integrations with no run started within the last hour (stopped ones don't count). */
export async function countStaleIntegrations(db: DbOrTx, accountId: string, now = new Date()): Promise<number> {
  const since = new Date(now.getTime() - STALE_AFTER_MS);
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(integrations)
    .where(
      and(
        eq(integrations.accountId, accountId),
        eq(integrations.status, 'active'),
        isNull(integrations.archivedAt),
        // The same rule as the integrations list: no run for an hour, counted from creation for a
        // new integration (it is not stale before it has had an hour to run).
        sql`coalesce(${integrations.lastRunAt}, ${integrations.createdAt}) < ${since.toISOString()}::timestamptz`,
      ),
    );
  return row?.n ?? 0;
}
