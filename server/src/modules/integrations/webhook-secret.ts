import { inboundPaths, type WebhookProvider, type WebhookSettings, webhookProviders } from '@overlap/contract/inbound';
import { and, eq, isNull } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { integrations } from '../../db/schema/integrations.ts';
import { randomToken, type SecretBox } from '../../lib/crypto.ts';

export const isWebhookProvider = (provider: string): provider is WebhookProvider =>
  (webhookProviders as readonly string[]).includes(provider);

/** A new random webhook secret, stored encrypted so the owner can copy it again. */
export function issueWebhookSecret(secrets: SecretBox): { secret: string; encrypted: string } {
  const secret = `whsec_${randomToken(24)}`;
  return { secret, encrypted: secrets.encrypt(secret) };
}

export function webhookUrl(publicUrl: string, provider: WebhookProvider, integrationId: string): string {
  return `${publicUrl}${inboundPaths.delivery(provider, integrationId)}`;
}

export function readWebhookSecret(secrets: SecretBox, encrypted: string | null): string | null {
  if (!encrypted) return null;
  try {
    return secrets.decrypt(encrypted);
  } catch {
    return null;
  }
}

/**
 * The webhook URL and secret of a GitHub or GitLab integration (null for other providers). An
 * integration created before webhooks existed gets its secret on first sight.
 */
export async function webhookSettingsOf(
  db: DbOrTx,
  deps: { secrets: SecretBox; config: { publicUrl: string } },
  integration: { id: string; webhookSecretEncrypted: string | null },
  provider: string,
): Promise<WebhookSettings | null> {
  if (!isWebhookProvider(provider)) return null;
  let secret = readWebhookSecret(deps.secrets, integration.webhookSecretEncrypted);
  if (!secret) {
    const issued = issueWebhookSecret(deps.secrets);
    const [stored] = await db
      .update(integrations)
      .set({ webhookSecretEncrypted: issued.encrypted })
      .where(and(eq(integrations.id, integration.id), isNull(integrations.webhookSecretEncrypted)))
      .returning({ id: integrations.id });
    if (stored) secret = issued.secret;
    else {
      const [row] = await db
        .select({ encrypted: integrations.webhookSecretEncrypted })
        .from(integrations)
        .where(eq(integrations.id, integration.id));
      secret = readWebhookSecret(deps.secrets, row?.encrypted ?? null) ?? issued.secret;
    }
  }
  return { url: webhookUrl(deps.config.publicUrl, provider, integration.id), secret };
}
