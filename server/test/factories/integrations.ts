import { eq } from 'drizzle-orm';
import type { AppDeps } from '../../src/core/context.ts';
import type { Db } from '../../src/db/client.ts';
import { integrations, services } from '../../src/db/schema/integrations.ts';
import { issueApiKey } from '../../src/modules/integrations/api-keys.ts';

export async function serviceByProvider(db: Db, provider: string) {
  const [row] = await db.select().from(services).where(eq(services.provider, provider));
  if (!row) throw new Error(`service ${provider} is not seeded`);
  return row;
}

/** A custom (token-authenticated) integration with its API key, straight in the database. */
export async function createPushIntegration(
  deps: AppDeps,
  accountId: string,
  values: Partial<{ status: 'active' | 'inactive'; archivedAt: Date | null; provider: string; name: string }> = {},
) {
  const service = await serviceByProvider(deps.database.db, values.provider ?? 'custom');
  const key = issueApiKey(deps.secrets);
  const [row] = await deps.database.db
    .insert(integrations)
    .values({
      accountId,
      serviceId: service.id,
      name: values.name ?? 'Custom Integration',
      kind: 'presence',
      status: values.status ?? 'active',
      archivedAt: values.archivedAt ?? null,
      apiKeyHash: service.tokenAuthentication ? key.apiKeyHash : null,
      apiKeyEncrypted: service.tokenAuthentication ? key.apiKeyEncrypted : null,
    })
    .returning();
  if (!row) throw new Error('integration not created');
  return { integration: row, apiKey: key.apiKey, service };
}

export const bearer = (apiKey: string) => ({ authorization: `Bearer ${apiKey}` });

/** A chat service an operator switched off (the catalogue's own are all enabled). */
export async function disabledChatService(db: Db, provider = 'legacy-chat') {
  const [existing] = await db.select().from(services).where(eq(services.provider, provider));
  if (existing) return existing;
  const [row] = await db
    .insert(services)
    .values({ name: 'Legacy Chat', provider, category: 'chat', enabled: false })
    .returning();
  if (!row) throw new Error('could not create the disabled service');
  return row;
}
