import type { CustomerPortal } from '@overlap/contract/billing';
import { requireRole } from '../../core/access.ts';
import type { Ctx } from '../../core/context.ts';
import { lockAccount } from '../../engine/billing/sync.ts';
import { ensureCustomer } from './customers.ts';
import { gatewayFor } from './select-gateway.ts';

/**
 * A customer portal session for the account (managers): Stripe's hosted portal, or the test-mode
 * portal page. Returns to the billing tab.
 */
export async function createCustomerPortal(ctx: Ctx): Promise<CustomerPortal> {
  requireRole(ctx, 'manager');
  const url = await ctx.db.transaction(async (tx) => {
    const gateway = gatewayFor(ctx.deps, tx);
    const account = await lockAccount(tx, ctx.accountId);
    const customerId = await ensureCustomer(tx, gateway, account, ctx.email);
    return gateway.portalUrl(customerId, '/account?tab=billing');
  });
  return { url };
}
