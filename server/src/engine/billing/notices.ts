import { and, eq, isNotNull } from 'drizzle-orm';
import type { AppDeps } from '../../core/context.ts';
import { planOf } from '../../core/plans.ts';
import { accounts } from '../../db/schema/accounts.ts';
import { users } from '../../db/schema/users.ts';
import { paymentFailedMail, trialEndingMail } from '../../lib/mail/billing-templates.ts';
import { graceEndsAt } from './billing-fields.ts';

export type BillingNotice = 'trial-ending' | 'payment-failed';

/**
 * Mails the account's managers about its billing: a trial about to end, a failed payment with the
 * date the grace period ends. Sent after the change is committed; a mail that cannot be sent does
 * not undo it (nor make Stripe deliver the event again).
 */
export async function sendBillingNotice(deps: AppDeps, accountId: string, notice: BillingNotice): Promise<void> {
  const db = deps.database.db;
  const [account] = await db.select().from(accounts).where(eq(accounts.id, accountId));
  if (!account) return;
  const managers = await db
    .select({ email: users.email })
    .from(users)
    .where(and(eq(users.accountId, accountId), eq(users.role, 'manager'), isNotNull(users.emailVerifiedAt)));
  const common = { publicUrl: deps.config.publicUrl, accountName: account.name, planName: planOf(account.plan).name };
  for (const { email } of managers) {
    const message =
      notice === 'trial-ending'
        ? account.trialEndsAt && trialEndingMail({ ...common, to: email, trialEndsAt: account.trialEndsAt })
        : account.paymentFailedAt &&
          paymentFailedMail({ ...common, to: email, graceEndsAt: graceEndsAt(account.paymentFailedAt) });
    if (message) await deps.mailer.send(message).catch(() => {});
  }
}
