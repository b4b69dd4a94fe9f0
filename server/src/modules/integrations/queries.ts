import { and, desc, eq, getTableColumns, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { apiCalls, integrations, services } from '../../db/schema/integrations.ts';

/** An integration is stale when it runs but had no run in the last hour (spec 001 §9). */
export const isStaleSql = sql<boolean>`(${integrations.status} = 'active' and ${integrations.archivedAt} is null
  and coalesce(${integrations.lastRunAt}, ${integrations.createdAt}) < now() - interval '1 hour')`;

const personIntegrationsCount = sql<number>`(select count(*)::int from person_integrations pi
  where pi.integration_id = ${integrations.id})`;

/** Every column but the connector's state between polls (a large workspace's member list). */
const { connectorState: _connectorState, ...shownColumns } = getTableColumns(integrations);

export const integrationColumns = {
  integration: shownColumns,
  service: services,
  isStale: isStaleSql,
  personIntegrationsCount,
};

export type IntegrationRow = {
  integration: Omit<typeof integrations.$inferSelect, 'connectorState'>;
  service: typeof services.$inferSelect;
  isStale: boolean;
  personIntegrationsCount: number;
};

export async function selectIntegrations(db: DbOrTx, accountId: string): Promise<IntegrationRow[]> {
  return db
    .select(integrationColumns)
    .from(integrations)
    .innerJoin(services, eq(services.id, integrations.serviceId))
    .where(eq(integrations.accountId, accountId))
    .orderBy(desc(integrations.createdAt));
}

/** One integration of the account, or undefined (another account's id looks exactly like a missing one). */
export async function selectIntegration(
  db: DbOrTx,
  accountId: string,
  id: string,
): Promise<IntegrationRow | undefined> {
  const [row] = await db
    .select(integrationColumns)
    .from(integrations)
    .innerJoin(services, eq(services.id, integrations.serviceId))
    .where(and(eq(integrations.accountId, accountId), eq(integrations.id, id)));
  return row;
}

export async function selectRecentApiCalls(db: DbOrTx, integrationId: string, limit: number) {
  return db
    .select()
    .from(apiCalls)
    .where(eq(apiCalls.integrationId, integrationId))
    .orderBy(desc(apiCalls.id))
    .limit(limit);
}

export async function countStaleIntegrations(db: DbOrTx, accountId: string): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(integrations)
    .where(and(eq(integrations.accountId, accountId), isStaleSql));
  return row?.n ?? 0;
}
