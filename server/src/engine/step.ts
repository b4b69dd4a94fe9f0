import { eq, type SQL, sql } from 'drizzle-orm';
import { type AccountLimitSettings, effectiveLimits } from '../core/plans.ts';
import { providerTraits } from '../core/providers.ts';
import type { DbOrTx } from '../db/client.ts';
import { accounts } from '../db/schema/accounts.ts';
import { integrations, services } from '../db/schema/integrations.ts';
import { accountLimitColumns } from './account-limits.ts';

export const DEFAULT_STEP_MINUTES = 5;

/** The integration config key of the silence timeout set in Setup (whole minutes). */
export const SILENCE_TIMEOUT_KEY = 'silence_timeout_minutes';
export const SILENCE_TIMEOUT_MAX_MINUTES = 240;

/** The Setup timeout in ms from a stored config value, or null when it is not set (learned). */
export function silenceTimeoutMsOf(value: unknown): number | null {
  const minutes = typeof value === 'string' ? Number(value) : value;
  if (typeof minutes !== 'number' || !Number.isFinite(minutes) || minutes < 1) return null;
  return Math.min(minutes, SILENCE_TIMEOUT_MAX_MINUTES) * 60_000;
}

/** The integration's Setup timeout as stored (text or null), for a query's select list. */
export const silenceTimeoutSql = (integrationId: string | SQL): SQL =>
  sql`(select i.config->>${SILENCE_TIMEOUT_KEY} from integrations i where i.id = ${integrationId}::uuid)`;

export interface StepInputs {
  provider: string;
  serviceIntervalMinutes: number | null;
  account: AccountLimitSettings;
}

/**
 * The sampling step of an integration, in minutes. Pushes arrive at the service's interval;
 * polls (and a gateway listener's snapshots) run at the slower of the service's interval and the
 * plan's tracking interval.
 */
export function stepMinutesOf(input: StepInputs): number {
  const service = Math.max(1, input.serviceIntervalMinutes ?? DEFAULT_STEP_MINUTES);
  const ingestion = providerTraits(input.provider)?.ingestion;
  if (ingestion !== 'polled' && ingestion !== 'listener') return service;
  return Math.max(service, Math.max(1, effectiveLimits(input.account).integrationInterval));
}

export async function stepMinutesFor(db: DbOrTx, integrationId: string): Promise<number> {
  const [row] = await db
    .select({
      provider: services.provider,
      serviceIntervalMinutes: services.intervalMinutes,
      ...accountLimitColumns,
    })
    .from(integrations)
    .innerJoin(services, eq(services.id, integrations.serviceId))
    .innerJoin(accounts, eq(accounts.id, integrations.accountId))
    .where(eq(integrations.id, integrationId));
  if (!row) return DEFAULT_STEP_MINUTES;
  return stepMinutesOf({ provider: row.provider, serviceIntervalMinutes: row.serviceIntervalMinutes, account: row });
}

/** The step changes only with service or plan edits; a minute of caching saves a query per use. */
const stepCache = new Map<string, { minutes: number; until: number }>();
export async function cachedStepMinutesFor(db: DbOrTx, integrationId: string): Promise<number> {
  const hit = stepCache.get(integrationId);
  if (hit && hit.until > Date.now()) return hit.minutes;
  const minutes = await stepMinutesFor(db, integrationId);
  if (stepCache.size > 10_000) stepCache.clear();
  stepCache.set(integrationId, { minutes, until: Date.now() + 60_000 });
  return minutes;
}
