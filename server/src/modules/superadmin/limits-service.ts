import {
  type ExtendTrialResult,
  type FeatureFlag,
  type Features,
  featureFlags,
  type Limits,
  TRIAL_DATE_PAST,
  TRIAL_DATE_REQUIRED,
} from '@overlap/contract/superadmin';
import { eq } from 'drizzle-orm';
import type { Ctx } from '../../core/context.ts';
import { AppError } from '../../core/errors.ts';
import { accounts } from '../../db/schema/accounts.ts';
import { moveStripeTrialEnd } from '../billing/stripe-trial.ts';
import { auditOperator, requireOperator, requireOperatorAccount } from './operator.ts';

/** How an "unlimited" operator limit is stored: -1, the catalogue's own "unlimited". */
const UNLIMITED = -1;

/**
 * Sets an account's limits, overriding its plan's: empty (null) means unlimited. Answers the
 * limits in force, as the operator view shows them.
 */
export async function setLimits(
  ctx: Ctx,
  id: string,
  input: { maxPeople: number | null; maxIntegrations: number | null; integrationInterval: number },
): Promise<Limits> {
  requireOperator(ctx);
  const after = await ctx.db.transaction(async (tx) => {
    const before = await requireOperatorAccount(tx, id);
    await tx
      .update(accounts)
      .set({
        maxPeople: input.maxPeople ?? UNLIMITED,
        maxIntegrations: input.maxIntegrations ?? UNLIMITED,
        integrationInterval: input.integrationInterval,
        updatedAt: new Date(),
      })
      .where(eq(accounts.id, id));
    const next = await requireOperatorAccount(tx, id);
    await auditOperator(tx, ctx, id, 'operator.limits_changed', {
      from: {
        maxPeople: before.maxPeople,
        maxIntegrations: before.maxIntegrations,
        integrationInterval: before.integrationInterval,
      },
      to: {
        maxPeople: next.maxPeople,
        maxIntegrations: next.maxIntegrations,
        integrationInterval: next.integrationInterval,
      },
    });
    return next;
  });
  await ctx.deps.notify(id, 'account');
  return {
    maxPeople: after.maxPeople,
    maxIntegrations: after.maxIntegrations,
    integrationInterval: after.integrationInterval,
  };
}

const MAX_TRIAL_YEARS = 5;
const trialError = (message: string) =>
  new AppError(400, 'VALIDATION_FAILED', message, { error: message, details: [{ field: 'trialEndDate', message }] });

/** A date (YYYY-MM-DD: the end of that day, UTC) or an ISO 8601 date-time, checked against `now`. */
export function parseTrialEnd(value: string | null | undefined, now: Date): Date {
  const text = value?.trim() ?? '';
  if (text === '') throw trialError(TRIAL_DATE_REQUIRED);
  const day = /^(\d{4})-(\d{2})-(\d{2})(T\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?(Z|[+-]\d{2}:\d{2}))?$/.exec(text);
  const [year, month, dayOfMonth] = [Number(day?.[1]), Number(day?.[2]), Number(day?.[3])];
  // Date would roll 2030-02-30 over into March: the day must exist in its month.
  const exists =
    day !== null &&
    month >= 1 &&
    month <= 12 &&
    dayOfMonth >= 1 &&
    dayOfMonth <= new Date(Date.UTC(year, month, 0)).getUTCDate();
  const date = !exists ? new Date(Number.NaN) : day?.[4] ? new Date(text) : new Date(`${text}T23:59:59.999Z`);
  if (Number.isNaN(date.getTime())) throw trialError('Trial end date must be a date such as 2030-01-31');
  if (date.getTime() <= now.getTime()) throw trialError(TRIAL_DATE_PAST);
  const latest = new Date(now);
  latest.setUTCFullYear(latest.getUTCFullYear() + MAX_TRIAL_YEARS);
  if (date > latest) throw trialError(`Trial end date must be within ${MAX_TRIAL_YEARS} years`);
  return date;
}

/**
 * Moves the account's trial end to a future date: in Stripe first when a subscription exists there
 * (through the billing module), then in the database. If Stripe refuses, nothing changes.
 */
export async function extendTrial(
  ctx: Ctx,
  id: string,
  input: { trialEndDate?: string | null },
  now = new Date(),
): Promise<ExtendTrialResult> {
  requireOperator(ctx);
  const account = await requireOperatorAccount(ctx.db, id);
  const trialEnd = parseTrialEnd(input.trialEndDate, now);
  const stripe = await moveStripeTrialEnd(ctx.deps, account, trialEnd, { userId: ctx.userId, ip: ctx.ip });
  await ctx.db.transaction(async (tx) => {
    await tx.update(accounts).set({ trialEndsAt: trialEnd, updatedAt: new Date() }).where(eq(accounts.id, id));
    await auditOperator(tx, ctx, id, 'operator.trial_extended', {
      from: account.trialEndsAt,
      to: trialEnd.toISOString(),
      stripe,
    });
  });
  await ctx.deps.notify(id, 'account');
  return { newTrialEndDate: trialEnd.toISOString() };
}

const known = (names: readonly string[]): FeatureFlag[] => featureFlags.filter((f) => names.includes(f));

export async function getFeatures(ctx: Ctx, id: string): Promise<Features> {
  requireOperator(ctx);
  const account = await requireOperatorAccount(ctx.db, id);
  return { features: known(account.features) };
}

/** Replaces the account's feature flags (predictions, teams, custom-integrations). */
export async function setFeatures(ctx: Ctx, id: string, input: { features: FeatureFlag[] }): Promise<Features> {
  requireOperator(ctx);
  const next = known(input.features);
  await ctx.db.transaction(async (tx) => {
    const before = await requireOperatorAccount(tx, id);
    // Flags this console does not know (set elsewhere) are kept.
    const others = before.features.filter((f) => !(featureFlags as readonly string[]).includes(f));
    await tx
      .update(accounts)
      .set({ features: [...others, ...next], updatedAt: new Date() })
      .where(eq(accounts.id, id));
    await auditOperator(tx, ctx, id, 'operator.features_changed', { from: known(before.features), to: next });
  });
  await ctx.deps.notify(id, 'account');
  return { features: next };
}
