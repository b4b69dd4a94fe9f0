import type { AppDeps } from '../../core/context.ts';
import type { DbOrTx } from '../../db/client.ts';
import type { BillingGateway } from '../../engine/billing/gateway.ts';
import { createLocalGateway } from '../../engine/billing/local-gateway.ts';
import { createStripeGateway } from './stripe-gateway.ts';

/** Stripe when STRIPE_SECRET_KEY is set, else the built-in test mode (working in `db`). */
export function gatewayFor(deps: Pick<AppDeps, 'config'>, db: DbOrTx): BillingGateway {
  return createStripeGateway(deps.config) ?? createLocalGateway(db);
}
