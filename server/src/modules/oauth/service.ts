import { type OAuthProvider, oauthPaths, oauthProviderNames, oauthProviders } from '@overlap/contract/oauth';
import { and, desc, eq, isNull } from 'drizzle-orm';
import { createAuthorization, exchangeCode } from '../../connectors/oauth.ts';
import { oauthRedirectUri, oauthSetupOf } from '../../connectors/oauth-providers.ts';
import { silentTrace } from '../../connectors/results.ts';
import { requireRole } from '../../core/access.ts';
import type { Actor, AppDeps, Ctx } from '../../core/context.ts';
import { AppError, fieldError, notFound } from '../../core/errors.ts';
import { providerTraits } from '../../core/providers.ts';
import { integrations, services } from '../../db/schema/integrations.ts';
import { randomToken, sha256 } from '../../lib/crypto.ts';
import { saveGrant } from '../../pipeline/integration-grant.ts';
import { runIntegrationPoll } from '../../pipeline/run-poll.ts';
import { selectIntegration } from '../integrations/queries.ts';
import { insertState, takeState } from './queries.ts';

/** A started authorization must come back within 10 minutes. */
export const STATE_TTL_MS = 10 * 60_000;

const isOAuthProvider = (value: string): value is OAuthProvider =>
  (oauthProviders as readonly string[]).includes(value);

/** The OAuth setup of a provider this server has credentials for; 503 naming the service otherwise. */
function configuredSetup(ctx: Pick<Ctx, 'deps'>, provider: OAuthProvider, serviceName: string) {
  const setup = oauthSetupOf(ctx.deps.config, provider);
  if (!setup?.app) {
    throw new AppError(503, 'OAUTH_NOT_CONFIGURED', `${serviceName} sign-in is not configured on this server.`);
  }
  return { spec: setup.spec, app: setup.app };
}

/**
 * The provider's authorization URL for one of the account's integrations (managers). The state is
 * random, stored as its hash, bound to this session and integration, single use, 10 minutes.
 */
export async function startAuthorization(
  ctx: Ctx,
  provider: string,
  input: { integrationId: string; serviceType?: string; onboarding?: boolean },
): Promise<{ url: string }> {
  requireRole(ctx, 'manager');
  if (!isOAuthProvider(provider)) throw fieldError('provider', `must be one of ${oauthProviders.join(', ')}`);
  const row = await selectIntegration(ctx.db, ctx.accountId, input.integrationId);
  if (!row) throw notFound('Integration');
  if (row.service.provider !== provider) {
    throw fieldError('integrationId', `is not a ${oauthProviderNames[provider]} integration`);
  }
  const { spec, app } = configuredSetup(ctx, provider, row.service.name);
  const state = randomToken(32);
  const start = createAuthorization(spec, app, oauthRedirectUri(ctx.deps.config, provider), state);
  await insertState(ctx.db, {
    stateHash: sha256(state),
    provider,
    accountId: ctx.accountId,
    userId: ctx.userId,
    sessionId: ctx.sessionId,
    integrationId: row.integration.id,
    codeVerifierEncrypted: start.codeVerifier ? ctx.deps.secrets.encrypt(start.codeVerifier) : null,
    onboarding: input.onboarding ?? false,
    // Google's authorization is for a service of Google's; Drive unless the caller names another (001 §7).
    serviceType: input.serviceType ?? (provider === 'google' ? 'drive' : null),
    expiresAt: new Date(Date.now() + STATE_TTL_MS),
  });
  return { url: start.url };
}

/** Onboarding's connect step: authorize the account's newest integration of this chat app. */
export async function startOnboardingAuthorization(ctx: Ctx, provider: string): Promise<{ authUrl: string }> {
  requireRole(ctx, 'manager');
  const traits = providerTraits(provider);
  const chatApp = traits?.authType === 'oauth' && traits.category === 'chat' ? provider : null;
  const [service] = chatApp ? await ctx.db.select().from(services).where(eq(services.provider, chatApp)) : [];
  if (!chatApp || !service?.enabled || service.category !== 'chat') {
    throw fieldError('provider', 'must be slack, microsoft or discord');
  }
  configuredSetup(ctx, chatApp as OAuthProvider, service.name);
  const [row] = await ctx.db
    .select({ id: integrations.id })
    .from(integrations)
    .where(
      and(
        eq(integrations.accountId, ctx.accountId),
        eq(integrations.serviceId, service.id),
        isNull(integrations.archivedAt),
      ),
    )
    .orderBy(desc(integrations.createdAt))
    .limit(1);
  if (!row) throw notFound('Integration');
  const { url } = await startAuthorization(ctx, chatApp, { integrationId: row.id, onboarding: true });
  return { authUrl: url };
}

export interface CallbackOutcome {
  /** Where to send the browser: the web return page with the spec's query. */
  location: string;
  /** What went wrong on our side, for the server log (never shown to the user). */
  failure?: string;
}

function returnPage(provider: string, query: Record<string, string | boolean | undefined>): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) if (value !== undefined) params.set(key, String(value));
  return `${oauthPaths.returnPage(provider)}?${params}`;
}

/**
 * The provider sent the browser back. The state must be one this session started for this
 * provider, unused and younger than 10 minutes; then the code is exchanged, the tokens stored
 * encrypted, the integration marked connected and Running, and its first poll started. Every
 * outcome is a redirect to the web return page; a refused callback changes nothing.
 */
export async function completeAuthorization(
  deps: AppDeps,
  actor: Actor | null,
  provider: string,
  query: Record<string, string | undefined>,
): Promise<CallbackOutcome> {
  if (!isOAuthProvider(provider))
    return {
      location: returnPage(provider, { success: false, error: 'invalid_integration_type' }),
    };
  const fail = (error: string, extra: Record<string, string | boolean | undefined> = {}, failure?: string) => ({
    location: returnPage(provider, { success: false, ...extra, error }),
    failure,
  });
  if (!query.state || (!query.code && !query.error)) return fail('missing_parameters');

  const db = deps.database.db;
  const state = await takeState(db, sha256(query.state));
  if (!state || !actor || state.sessionId !== actor.sessionId || state.provider !== provider)
    return fail('invalid_state');
  const context = { integrationId: state.integrationId, ...(state.onboarding ? { onboarding: true } : {}) };
  if (state.expiresAt.getTime() < Date.now()) return fail('invalid_state', context);
  if (query.error) return fail(query.error, context);

  const row = await selectIntegration(db, state.accountId, state.integrationId);
  if (!row || row.integration.archivedAt) return fail('integration_not_found', context);
  if (row.service.provider !== provider) return fail('invalid_integration_type', context);
  const setup = oauthSetupOf(deps.config, provider);
  if (!setup?.app) return fail('internal_server_error', context, `${provider} OAuth is not configured`);

  const callback = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) if (value !== undefined) callback.set(key, value);
  let grant: Awaited<ReturnType<typeof exchangeCode>>;
  try {
    const verifier = state.codeVerifierEncrypted ? deps.secrets.decrypt(state.codeVerifierEncrypted) : null;
    grant = await exchangeCode(
      setup.spec,
      setup.app,
      oauthRedirectUri(deps.config, provider),
      callback,
      verifier,
      silentTrace,
    );
  } catch (err) {
    return fail('internal_server_error', context, err instanceof Error ? err.message : String(err));
  }
  await db.transaction((tx) => saveGrant(tx, deps.secrets, row.integration.id, grant, { connect: true }));
  await deps.notify(row.integration.accountId, 'integrations');
  runIntegrationPoll(deps, row.integration.id).catch((err: unknown) =>
    console.error(`[oauth] first poll of ${row.integration.id} failed:`, err),
  );
  return {
    location: returnPage(provider, {
      success: true,
      integrationId: row.integration.id,
      teamName: grant.team_name,
      ...(state.onboarding ? { onboarding: true } : {}),
      ...(state.serviceType ? { serviceType: state.serviceType } : {}),
    }),
  };
}
