import type { BillingStatus, SyncStripeBody } from '@overlap/contract/billing';
import { and, eq } from 'drizzle-orm';
import { requireRole } from '../../core/access.ts';
import type { Ctx } from '../../core/context.ts';
import { notFound } from '../../core/errors.ts';
import { accounts } from '../../db/schema/accounts.ts';
import { syncAccountBilling } from '../../engine/billing/sync.ts';
import { gatewayFor } from './select-gateway.ts';
import { getBillingStatus } from './status-service.ts';

/**
 * Re-reads the subscriptions of the account's own customer and applies them (managers); answers
 * the billing status afterwards. Another account's customer id is 404, like an unknown one.
 */
export async function syncStripe(ctx: Ctx, input: SyncStripeBody): Promise<BillingStatus> {
  requireRole(ctx, 'manager');
  const [owner] = await ctx.db
    .select({ id: accounts.id })
    .from(accounts)
    .where(and(eq(accounts.id, ctx.accountId), eq(accounts.stripeCustomerId, input.stripeCustomerId)));
  if (!owner) throw notFound('Customer');
  const changed = await ctx.db.transaction((tx) =>
    syncAccountBilling(tx, gatewayFor(ctx.deps, tx), ctx.accountId, {
      userId: ctx.userId,
      impersonatorId: ctx.impersonatorId,
      ip: ctx.ip,
      source: 'sync',
    }),
  );
  if (Object.keys(changed).length > 0) await ctx.deps.notify(ctx.accountId, 'account');
  return getBillingStatus(ctx);
}
