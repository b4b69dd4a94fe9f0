import { PAYMENT_GRACE_DAYS } from '@overlap/contract/plans';
import type { accounts } from '../../db/schema/accounts.ts';
import { isEnded, isLive, isUnpaid, type SubscriptionSnapshot } from './subscription.ts';

type AccountRow = typeof accounts.$inferSelect;
export type BillingFields = Pick<
  AccountRow,
  | 'plan'
  | 'billingCycle'
  | 'trialEndsAt'
  | 'stripeSubscriptionId'
  | 'stripePriceId'
  | 'stripeSubscriptionStatus'
  | 'stripeCurrentPeriodEnd'
  | 'cancelAtPeriodEnd'
  | 'paymentFailedAt'
  | 'status'
  | 'suspensionReason'
>;

const DAY_MS = 86_400_000;

export const graceEndsAt = (paymentFailedAt: Date): Date =>
  new Date(paymentFailedAt.getTime() + PAYMENT_GRACE_DAYS * DAY_MS);

/**
 * The account's billing fields once the customer's current subscription is applied. A pure rule
 * of (account, subscription, now), so applying the same state twice, or states in any order that
 * end with the same subscription, gives the same account:
 * - a live subscription (trialing, active, past_due, unpaid) gives its plan and cycle; an ended one
 *   (canceled, incomplete_expired) returns the account to free; any other status changes no plan;
 * - a trial, once had, stays recorded (a later checkout offers none); a subscription that ends
 *   during its trial ends the trial with it;
 * - a payment owed (past_due, unpaid) starts the grace period once; after PAYMENT_GRACE_DAYS the
 *   account is suspended for payment. Nothing owed clears it and lifts a suspension for payment —
 *   never one an operator made.
 */
export function billingFieldsFor(account: BillingFields, sub: SubscriptionSnapshot | null, now: Date): BillingFields {
  if (!sub) return account;
  const live = isLive(sub.status);
  const next: BillingFields = {
    ...account,
    stripeSubscriptionId: sub.id,
    stripePriceId: sub.priceId,
    stripeSubscriptionStatus: sub.status,
    stripeCurrentPeriodEnd: sub.currentPeriodEnd,
    cancelAtPeriodEnd: live && sub.cancelAtPeriodEnd,
  };
  if (live && sub.planId) {
    next.plan = sub.planId;
    next.billingCycle = sub.billingCycle;
  }
  if (isEnded(sub.status)) {
    next.plan = 'free';
    next.billingCycle = null;
  }
  if (sub.trialEnd) {
    const endedEarly = !live && sub.trialEnd > now;
    next.trialEndsAt = endedEarly
      ? account.trialEndsAt && account.trialEndsAt <= now
        ? account.trialEndsAt
        : now
      : sub.trialEnd;
  }
  const owed = live && isUnpaid(sub.status);
  next.paymentFailedAt = owed ? (account.paymentFailedAt ?? now) : null;
  if (!owed && account.status === 'suspended' && account.suspensionReason === 'payment') {
    next.status = 'active';
    next.suspensionReason = null;
  }
  if (owed && next.paymentFailedAt && graceEndsAt(next.paymentFailedAt) <= now) {
    if (account.status === 'active' || account.status === 'pending') {
      next.status = 'suspended';
      next.suspensionReason = 'payment';
    }
  }
  return next;
}

const same = (a: unknown, b: unknown) =>
  a instanceof Date || b instanceof Date ? (a as Date | null)?.getTime() === (b as Date | null)?.getTime() : a === b;

/** The fields that differ between two states (empty when nothing changes). */
export function changedFields(before: BillingFields, after: BillingFields): Partial<BillingFields> {
  const diff: Partial<BillingFields> = {};
  for (const key of Object.keys(after) as (keyof BillingFields)[]) {
    if (!same(before[key], after[key])) Object.assign(diff, { [key]: after[key] });
  }
  return diff;
}
