import { eq, sql } from 'drizzle-orm';
import type { GrantFields } from '../connectors/oauth.ts';
import { openSecrets } from '../connectors/oauth-grant.ts';
import type { DbOrTx } from '../db/client.ts';
import { integrations } from '../db/schema/integrations.ts';
import type { SecretBox } from '../lib/crypto.ts';

/** Grant fields kept encrypted; the rest of a grant is shown in the integration's config (001 §3). */
const SECRET_FIELDS = new Set(['access_token', 'refresh_token']);

/**
 * Writes a grant onto the integration: tokens into the encrypted secrets (merged, so a refresh
 * that does not rotate the refresh token keeps it), the other fields into its config. The
 * integration is connected again: no re-authorization needed, no connection error.
 */
export async function saveGrant(
  db: DbOrTx,
  secrets: SecretBox,
  integrationId: string,
  grant: GrantFields,
  extra: { connect?: boolean } = {},
): Promise<void> {
  const [row] = await db
    .select({ secretsEncrypted: integrations.secretsEncrypted, config: integrations.config })
    .from(integrations)
    .where(eq(integrations.id, integrationId))
    .for('update');
  if (!row) return;
  const storedSecrets = openSecrets(secrets, row.secretsEncrypted);
  const config = { ...row.config };
  if (grant.expires_at === undefined) delete config.expires_at;
  for (const [key, value] of Object.entries(grant)) {
    if (value === undefined) continue;
    if (SECRET_FIELDS.has(key)) storedSecrets[key] = value;
    else config[key] = value;
  }
  await db
    .update(integrations)
    .set({
      secretsEncrypted: secrets.encryptJson(storedSecrets),
      config,
      needsReauthorization: false,
      connectionError: null,
      updatedAt: new Date(),
      // An authorization is the connection of an OAuth integration (001 §4: connected once an
      // access token is present), so it counts as activated from now on, before its first poll
      // ends: onboarding's plan step opens on return from the provider, not once that poll is done.
      ...(extra.connect
        ? {
            status: 'active' as const,
            nextRunAt: new Date(),
            consecutiveFailures: 0,
            connectorState: null,
            lastConnectedAt: sql`coalesce(${integrations.lastConnectedAt}, now())`,
          }
        : {}),
    })
    .where(eq(integrations.id, integrationId));
}

/** The grant is gone (revoked, expired refresh): stop polling until the owner authorizes again. */
export async function markNeedsReauthorization(db: DbOrTx, integrationId: string, reason: string): Promise<void> {
  await db
    .update(integrations)
    .set({ needsReauthorization: true, connectionError: reason.slice(0, 1000), updatedAt: sql`now()` })
    .where(eq(integrations.id, integrationId));
}
