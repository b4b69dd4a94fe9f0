import Stripe from 'stripe';
import type { Config } from '../../config.ts';

const clients = new WeakMap<Config, Stripe>();

/**
 * The Stripe SDK client for this configuration, or null when STRIPE_SECRET_KEY is unset (the
 * built-in test mode). STRIPE_API_BASE points the SDK at another API host (a local fake in tests).
 */
export function stripeClient(config: Config): Stripe | null {
  const key = config.STRIPE_SECRET_KEY;
  if (!key) return null;
  let client = clients.get(config);
  if (!client) {
    const base = config.STRIPE_API_BASE ? new URL(config.STRIPE_API_BASE) : null;
    client = new Stripe(key, {
      maxNetworkRetries: 2,
      timeout: 20_000,
      telemetry: false,
      appInfo: { name: 'Overlap', version: config.version },
      ...(base
        ? {
            host: base.hostname,
            port: base.port || (base.protocol === 'http:' ? 80 : 443),
            protocol: base.protocol === 'http:' ? 'http' : 'https',
          }
        : {}),
    });
    clients.set(config, client);
  }
  return client;
}

/** The SDK's webhook helpers (signature checks need the webhook secret, not the API key). */
export const stripeWebhooks = Stripe.webhooks;
