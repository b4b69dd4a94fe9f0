import type {
  AvailableChatApps,
  IntegrationStatusResult,
  SelectChatAppBody,
  SelectChatAppResult,
} from '@overlap/contract/onboarding';
import { and, desc, eq, isNull } from 'drizzle-orm';
import { requireRole } from '../../core/access.ts';
import type { Ctx } from '../../core/context.ts';
import { conflict, fieldError, notFound } from '../../core/errors.ts';
import { customIntegrationAllowance, planOf } from '../../core/plans.ts';
import type { DbOrTx } from '../../db/client.ts';
import { accounts } from '../../db/schema/accounts.ts';
import { integrations, services } from '../../db/schema/integrations.ts';
import { findAccount } from '../account/queries.ts';
import { revealApiKey } from '../integrations/api-keys.ts';
import { CUSTOM_PROVIDER } from '../integrations/plan-rules.ts';
import { selectIntegration } from '../integrations/queries.ts';
import { announceIntegration, insertIntegration } from '../integrations/service.ts';
import {
  byCatalogueOrder,
  CUSTOM_NEEDS_PLAN,
  presenceCurlCommand,
  toChatApp,
  unavailableReasonOf,
} from './chat-apps.ts';

/**
 * The enabled chat services, in catalogue order, with how each connects and whether it can here:
 * a custom chat app needs a plan with custom integrations (or the operator's flag).
 */
export async function listAvailableChatApps(ctx: Ctx): Promise<AvailableChatApps> {
  const rows = await ctx.db
    .select()
    .from(services)
    .where(and(eq(services.enabled, true), eq(services.category, 'chat')));
  const account = await findAccount(ctx.db, ctx.accountId);
  const customAllowed = account ? customIntegrationAllowance(planOf(account.plan), account.features) !== 0 : false;
  return {
    chatApps: rows
      .sort(byCatalogueOrder)
      .map((row) =>
        row.provider === CUSTOM_PROVIDER && !customAllowed
          ? toChatApp(row, ctx.deps.config, CUSTOM_NEEDS_PLAN)
          : toChatApp(row, ctx.deps.config),
      ),
  };
}

async function findChatService(db: DbOrTx, serviceId: string) {
  const [service] = await db.select().from(services).where(eq(services.id, serviceId));
  if (!service?.enabled || service.category !== 'chat') {
    throw fieldError('serviceId', 'is not an available chat app');
  }
  return service;
}

async function newestIntegrationOf(db: DbOrTx, accountId: string, serviceId: string) {
  const [row] = await db
    .select({ id: integrations.id, status: integrations.status, apiKeyEncrypted: integrations.apiKeyEncrypted })
    .from(integrations)
    .where(
      and(
        eq(integrations.accountId, accountId),
        eq(integrations.serviceId, serviceId),
        isNull(integrations.archivedAt),
      ),
    )
    .orderBy(desc(integrations.createdAt))
    .limit(1);
  return row;
}

/**
 * Creates the account's integration of the chosen chat app, or answers the one it already has
 * ('Integration already exists' tells the wizard to resume it). The account row is locked so a
 * double click cannot create two. Plan rules apply as for any new integration.
 */
export async function selectChatApp(ctx: Ctx, input: SelectChatAppBody): Promise<SelectChatAppResult> {
  requireRole(ctx, 'manager');
  const service = await findChatService(ctx.db, input.serviceId);
  if (service.provider !== input.provider) throw fieldError('provider', `must be ${service.provider} for this service`);

  const { id, created } = await ctx.db.transaction(async (tx) => {
    await tx.select({ id: accounts.id }).from(accounts).where(eq(accounts.id, ctx.accountId)).for('update');
    const existing = await newestIntegrationOf(tx, ctx.accountId, service.id);
    if (existing) return { id: existing.id, created: false };
    const unavailable = unavailableReasonOf(service, ctx.deps.config);
    if (unavailable) throw conflict(unavailable, 'CHAT_APP_UNAVAILABLE');
    const inserted = await insertIntegration(ctx.deps, tx, ctx.accountId, { serviceId: service.id });
    return { id: inserted.id, created: true };
  });

  if (created) await announceIntegration(ctx.deps, ctx.accountId, { id, provider: service.provider });

  const row = await selectIntegration(ctx.db, ctx.accountId, id);
  if (!row) throw notFound('Integration');
  const apiKey = service.tokenAuthentication ? revealApiKey(ctx.deps.secrets, row.integration.apiKeyEncrypted) : null;
  return {
    integration: { id, status: row.integration.status, apiKey },
    message: created ? 'Integration created' : 'Integration already exists',
    apiKey,
    curlCommand: apiKey ? presenceCurlCommand(ctx.deps.config.publicUrl, apiKey) : null,
  };
}

/** Polled by the wizard until the first data arrives (any member; another account's id is 404). */
export async function getIntegrationStatus(ctx: Ctx, id: string): Promise<IntegrationStatusResult> {
  const row = await selectIntegration(ctx.db, ctx.accountId, id);
  if (!row) throw notFound('Integration');
  const { integration } = row;
  return {
    integration: {
      id: integration.id,
      status: integration.status,
      isActivated: integration.lastConnectedAt !== null,
      lastConnectedAt: integration.lastConnectedAt?.toISOString() ?? null,
    },
  };
}
