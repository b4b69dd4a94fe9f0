import type { AdminService, ServiceIntegration } from '@overlap/contract/service-admin';
import { asc, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { accounts } from '../../db/schema/accounts.ts';
import { integrations, services } from '../../db/schema/integrations.ts';

// Qualified by hand: drizzle may print the column unqualified, which would bind to i.id.
const integrationsCount = sql<number>`(select count(*)::int from integrations i where i.service_id = "services"."id")`;

type ServiceRow = typeof services.$inferSelect & { integrationsCount: number };

function toAdminService(row: ServiceRow): AdminService {
  return {
    id: row.id,
    name: row.name,
    provider: row.provider,
    category: row.category,
    description: row.description,
    enabled: row.enabled,
    tokenAuthentication: row.tokenAuthentication,
    intervalMinutes: row.intervalMinutes,
    configSchema: row.configSchema,
    docs_url: row.docsUrl,
    integrationsCount: row.integrationsCount,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

const selection = { service: services, integrationsCount };

export async function selectServices(db: DbOrTx): Promise<AdminService[]> {
  const rows = await db.select(selection).from(services).orderBy(asc(services.name), asc(services.id));
  return rows.map((r) => toAdminService({ ...r.service, integrationsCount: r.integrationsCount }));
}

export async function selectService(db: DbOrTx, id: string): Promise<AdminService | null> {
  const [row] = await db.select(selection).from(services).where(eq(services.id, id));
  return row ? toAdminService({ ...row.service, integrationsCount: row.integrationsCount }) : null;
}

export async function selectServiceByProvider(db: DbOrTx, provider: string) {
  const [row] = await db.select({ id: services.id }).from(services).where(eq(services.provider, provider));
  return row ?? null;
}

/** The service's integrations in every account, by account name then age. */
export async function selectServiceIntegrations(db: DbOrTx, serviceId: string): Promise<ServiceIntegration[]> {
  const rows = await db
    .select({ integration: integrations, account: { id: accounts.id, name: accounts.name, slug: accounts.slug } })
    .from(integrations)
    .innerJoin(accounts, eq(accounts.id, integrations.accountId))
    .where(eq(integrations.serviceId, serviceId))
    .orderBy(asc(accounts.name), asc(accounts.id), asc(integrations.createdAt), asc(integrations.id));
  return rows.map(({ integration, account }) => ({
    id: integration.id,
    accountId: account.id,
    accountName: account.name,
    accountSlug: account.slug,
    name: integration.name,
    type: integration.kind,
    status: integration.archivedAt ? 'archived' : integration.status,
    lastSync: integration.lastRunAt?.toISOString() ?? null,
    createdAt: integration.createdAt.toISOString(),
  }));
}
