import type {
  AvailableService,
  CreateIntegrationBody,
  IntegrationDetail,
  IntegrationList,
  RegenerateKeyResult,
  RegenerateWebhookSecretResult,
  UpdateIntegrationBody,
} from '@overlap/contract/integrations';
import { and, asc, eq, sql } from 'drizzle-orm';
import { oauthSetupOf } from '../../connectors/oauth-providers.ts';
import { requireRole } from '../../core/access.ts';
import type { AppDeps, Ctx } from '../../core/context.ts';
import { conflict, notFound } from '../../core/errors.ts';
import { isPolled, providerTraits } from '../../core/providers.ts';
import type { DbOrTx } from '../../db/client.ts';
import { eventsOfIdentity } from '../../db/events-of-identity.ts';
import { accounts } from '../../db/schema/accounts.ts';
import { type IntegrationKind, integrations, services } from '../../db/schema/integrations.ts';
import { refreshRollups } from '../../engine/rollups.ts';
import { holdPresenceInbox } from '../../pipeline/presence-inbox.ts';
import { runIntegrationPoll } from '../../pipeline/run-poll.ts';
import { issueApiKey } from './api-keys.ts';
import { mergeSettings, parseConfigPatch, readSecrets } from './config.ts';
import { assertRoomForIntegration } from './plan-rules.ts';
import { toDetail, toSummary } from './present.ts';
import { type IntegrationRow, selectIntegration, selectIntegrations, selectRecentApiCalls } from './queries.ts';
import { issueWebhookSecret, isWebhookProvider, webhookSettingsOf, webhookUrl } from './webhook-secret.ts';

/** Creation defaults of spec 001 §7. */
export function defaultKind(provider: string): IntegrationKind {
  return providerTraits(provider)?.kind ?? 'events';
}
export function defaultName(provider: string, serviceName: string): string {
  if (provider === 'google') return 'Google Drive';
  if (provider === 'slack') return 'Slack Workspace';
  if (provider === 'custom') return 'Custom Integration';
  return serviceName;
}

async function loadIntegration(ctx: Ctx, id: string): Promise<IntegrationRow> {
  const row = await selectIntegration(ctx.db, ctx.accountId, id);
  if (!row) throw notFound('Integration');
  return row;
}

async function detailOf(ctx: Ctx, id: string): Promise<IntegrationDetail> {
  const row = await loadIntegration(ctx, id);
  const calls = row.service.tokenAuthentication ? await selectRecentApiCalls(ctx.db, id, 20) : [];
  const webhook = await webhookSettingsOf(ctx.db, ctx.deps, row.integration, row.service.provider);
  const oauth = oauthSetupOf(ctx.deps.config, row.service.provider);
  return toDetail(ctx.deps.secrets, row, calls, webhook, oauth ? oauth.app !== null : null);
}

export async function listAvailableServices(ctx: Ctx): Promise<AvailableService[]> {
  requireRole(ctx, 'manager');
  const rows = await ctx.db.select().from(services).where(eq(services.enabled, true)).orderBy(asc(services.name));
  // Discord has no way in but its bot: without the server's Discord app it is not offered (shown unavailable).
  const offered = rows.filter(
    (s) => !(s.provider === 'discord' && oauthSetupOf(ctx.deps.config, s.provider)?.app == null),
  );
  return offered.map((s) => ({
    id: s.id,
    name: s.name,
    provider: s.provider,
    description: s.description,
    docs_url: s.docsUrl,
    tokenAuthentication: s.tokenAuthentication,
    category: s.category,
    enabled: s.enabled,
  }));
}

export async function listIntegrations(ctx: Ctx): Promise<IntegrationList> {
  requireRole(ctx, 'manager');
  const rows = await selectIntegrations(ctx.db, ctx.accountId);
  return { integrations: rows.map((r) => toSummary(ctx.deps.secrets, r)) };
}

export async function getIntegration(ctx: Ctx, id: string): Promise<IntegrationDetail> {
  requireRole(ctx, 'manager');
  return detailOf(ctx, id);
}

/**
 * Inserts an integration of an enabled service for an account (creation rules of spec 001 §7).
 * Starts active (Running); token-authenticated services get an API key. Plan limits are the
 * billing area's rule and are checked by its callers.
 */
export async function insertIntegration(
  deps: AppDeps,
  db: DbOrTx,
  accountId: string,
  input: CreateIntegrationBody,
): Promise<{ id: string; provider: string }> {
  const [service] = await db.select().from(services).where(eq(services.id, input.serviceId));
  if (!service?.enabled) throw notFound('Service');
  const { publicPatch, secretPatch } = parseConfigPatch(service.configSchema, input.config ?? {});
  const baseConfig: Record<string, unknown> = service.provider === 'google' ? { service_type: 'drive' } : {};
  const key = service.tokenAuthentication ? issueApiKey(deps.secrets) : null;
  const webhookSecret = isWebhookProvider(service.provider) ? issueWebhookSecret(deps.secrets) : null;
  const secrets = mergeSettings({}, secretPatch);
  const [row] = await db.transaction(async (tx) => {
    await assertRoomForIntegration(tx, accountId, service);
    return tx
      .insert(integrations)
      .values({
        accountId,
        serviceId: service.id,
        name: input.name ?? defaultName(service.provider, service.name),
        kind: input.kind ?? defaultKind(service.provider),
        status: 'active',
        config: mergeSettings(baseConfig, publicPatch),
        secretsEncrypted: Object.keys(secrets).length > 0 ? deps.secrets.encryptJson(secrets) : null,
        apiKeyHash: key?.apiKeyHash ?? null,
        apiKeyEncrypted: key?.apiKeyEncrypted ?? null,
        webhookSecretEncrypted: webhookSecret?.encrypted ?? null,
        // The first run (a demo's backfill) starts at once from createIntegration; the scheduler only
        // steps in if that process dies before the run ends.
        nextRunAt: service.provider === 'demo' ? new Date(Date.now() + FIRST_RUN_TAKEOVER_MS) : null,
      })
      .returning({ id: integrations.id });
  });
  if (!row) throw new Error('integration not created');
  return { id: row.id, provider: service.provider };
}

const FIRST_RUN_TAKEOVER_MS = 10 * 60_000;

/**
 * After a new integration is committed: dashboards hear of it, and a Demo Data integration starts
 * its 90-day backfill behind the answer (it takes seconds; the data shows up as it lands).
 */
export async function announceIntegration(
  deps: AppDeps,
  accountId: string,
  integration: { id: string; provider: string },
): Promise<void> {
  await deps.notify(accountId, 'integrations');
  if (integration.provider === 'demo') {
    runIntegrationPoll(deps, integration.id).catch((err) =>
      console.error(`[demo] backfill of ${integration.id} failed:`, err),
    );
  }
}

export async function createIntegration(ctx: Ctx, input: CreateIntegrationBody): Promise<IntegrationDetail> {
  requireRole(ctx, 'manager');
  const created = await insertIntegration(ctx.deps, ctx.db, ctx.accountId, input);
  await announceIntegration(ctx.deps, ctx.accountId, created);
  return detailOf(ctx, created.id);
}

const onlyColor = (config: Record<string, unknown>) => Object.keys(config).every((k) => k === 'color');

export async function updateIntegration(
  ctx: Ctx,
  id: string,
  input: UpdateIntegrationBody,
): Promise<IntegrationDetail> {
  requireRole(ctx, 'manager');
  const row = await loadIntegration(ctx, id);
  const changes: Partial<typeof integrations.$inferInsert> = { updatedAt: new Date() };
  if (input.name !== undefined) changes.name = input.name;
  if (input.config !== undefined) {
    const { publicPatch, secretPatch } = parseConfigPatch(row.service.configSchema, input.config);
    if (row.integration.status === 'active' && !onlyColor(input.config)) {
      throw conflict('Stop the integration before changing its configuration.');
    }
    changes.config = mergeSettings(row.integration.config, publicPatch);
    if (Object.keys(secretPatch).length > 0) {
      const stored = mergeSettings(readSecrets(ctx.deps.secrets, row.integration.secretsEncrypted), secretPatch);
      changes.secretsEncrypted = Object.keys(stored).length > 0 ? ctx.deps.secrets.encryptJson(stored) : null;
    }
  }
  await ctx.db
    .update(integrations)
    .set(changes)
    .where(and(eq(integrations.id, id), eq(integrations.accountId, ctx.accountId)));
  await ctx.deps.notify(ctx.accountId, 'integrations');
  return detailOf(ctx, id);
}

export async function setIntegrationStatus(
  ctx: Ctx,
  id: string,
  status: 'active' | 'inactive',
): Promise<IntegrationDetail> {
  requireRole(ctx, 'manager');
  const row = await loadIntegration(ctx, id);
  if (row.integration.archivedAt) throw conflict('Archived integrations cannot be started or stopped.');
  if (row.integration.status !== status) {
    await ctx.db
      .update(integrations)
      .set({
        status,
        updatedAt: new Date(),
        consecutiveFailures: 0,
        ...(status === 'active' ? { nextRunAt: new Date() } : {}),
      })
      .where(and(eq(integrations.id, id), eq(integrations.accountId, ctx.accountId)));
    await ctx.deps.notify(ctx.accountId, 'integrations');
    // A started integration is polled at once (a grantless one is skipped by the runner).
    if (status === 'active' && isPolled(row.service.provider)) {
      runIntegrationPoll(ctx.deps, id).catch((err: unknown) =>
        console.error(`[poll] first poll of ${id} failed:`, err),
      );
    }
  }
  return detailOf(ctx, id);
}

export async function regenerateApiKey(ctx: Ctx, id: string): Promise<RegenerateKeyResult> {
  requireRole(ctx, 'manager');
  const row = await loadIntegration(ctx, id);
  if (!row.service.tokenAuthentication) throw conflict('This integration does not use an API key.');
  if (row.integration.status === 'active') throw conflict('Stop the integration before regenerating its API key.');
  const key = issueApiKey(ctx.deps.secrets);
  await ctx.db
    .update(integrations)
    .set({ apiKeyHash: key.apiKeyHash, apiKeyEncrypted: key.apiKeyEncrypted, updatedAt: new Date() })
    .where(and(eq(integrations.id, id), eq(integrations.accountId, ctx.accountId)));
  return { apiKey: key.apiKey };
}

/**
 * Replaces the webhook secret: deliveries signed with the old one answer 401 until the provider has
 * the new one. Allowed while running, so a leaked secret can be replaced at once.
 */
export async function regenerateWebhookSecret(ctx: Ctx, id: string): Promise<RegenerateWebhookSecretResult> {
  requireRole(ctx, 'manager');
  const row = await loadIntegration(ctx, id);
  const provider = row.service.provider;
  if (!isWebhookProvider(provider)) throw conflict('This integration does not receive webhooks.');
  const issued = issueWebhookSecret(ctx.deps.secrets);
  await ctx.db
    .update(integrations)
    .set({ webhookSecretEncrypted: issued.encrypted, updatedAt: new Date() })
    .where(and(eq(integrations.id, id), eq(integrations.accountId, ctx.accountId)));
  return { webhook: { url: webhookUrl(ctx.deps.config.publicUrl, provider, id), secret: issued.secret } };
}

/**
 * Deletes an integration with its person-integrations, samples, blocks and events (cascade), then
 * removes unassigned or ignored people left without any integration and refreshes rollups.
 * Allowed while the account is still onboarding or the integration is stopped; deleting during
 * onboarding puts the account back at the start of the wizard.
 */
export async function deleteIntegration(ctx: Ctx, id: string): Promise<{ success: true; message: string }> {
  requireRole(ctx, 'manager');
  const row = await loadIntegration(ctx, id);
  const [account] = await ctx.db
    .select({ onboardingCompleted: accounts.onboardingCompleted })
    .from(accounts)
    .where(eq(accounts.id, ctx.accountId));
  const onboarding = !account?.onboardingCompleted;
  if (!onboarding && row.integration.status === 'active') {
    throw conflict('Stop the integration before deleting it.');
  }
  await ctx.db.transaction(async (tx) => {
    // The deletion takes the integration's samples, events and waiting inbox rows with it: the
    // pump's rounds wait until it commits (a round holding inbox rows would otherwise wait for the
    // identities deleted here while the deletion waits for those rows).
    await holdPresenceInbox(tx);
    // An identity's first event is the first of its person's time index that names it (min() would
    // read all of the person's events).
    const affected = await tx.execute<{ person_id: string; first: Date | null }>(sql`
      select pi.person_id,
             least((select min(b.start_time) from activity_blocks b where b.person_integration_id = pi.id),
                   (select e.timestamp from activity_events e where ${eventsOfIdentity('e', 'pi')}
                     order by e.timestamp limit 1)) as first
        from person_integrations pi
       where pi.integration_id = ${id}`);
    await tx.delete(integrations).where(and(eq(integrations.id, id), eq(integrations.accountId, ctx.accountId)));
    const personIds = [...new Set(affected.rows.map((r) => r.person_id))];
    if (personIds.length > 0) {
      await tx.execute(sql`
        delete from people p
         where p.id in (select jsonb_array_elements_text(${JSON.stringify(personIds)}::jsonb)::uuid)
           and p.status <> 'active'
           and not exists (select 1 from person_integrations pi where pi.person_id = p.id)`);
      const firsts = affected.rows.filter((r) => r.first).map((r) => new Date(r.first as Date).getTime());
      if (firsts.length > 0) await refreshRollups(tx, personIds, new Date(Math.min(...firsts)), new Date());
    }
    if (onboarding) {
      await tx
        .update(accounts)
        .set({ onboardingCompleted: false, onboardingNextAction: 'onboarding', updatedAt: new Date() })
        .where(eq(accounts.id, ctx.accountId));
    }
  });
  await ctx.deps.notify(ctx.accountId, 'integrations');
  return { success: true, message: 'Integration deleted' };
}
