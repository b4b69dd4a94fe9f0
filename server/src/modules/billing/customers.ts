import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { accounts } from '../../db/schema/accounts.ts';
import type { BillingGateway } from '../../engine/billing/gateway.ts';

/**
 * The account's customer at the payment provider, created once and stored on the account. A
 * customer of the other mode (the test mode before Stripe was configured) is replaced.
 */
export async function ensureCustomer(
  tx: DbOrTx,
  gateway: BillingGateway,
  account: { id: string; name: string; stripeCustomerId: string | null },
  email: string | null,
): Promise<string> {
  if (account.stripeCustomerId && gateway.owns(account.stripeCustomerId)) return account.stripeCustomerId;
  const customerId = await gateway.createCustomer({ id: account.id, name: account.name, email });
  await tx.update(accounts).set({ stripeCustomerId: customerId }).where(eq(accounts.id, account.id));
  return customerId;
}
