import { eq } from 'drizzle-orm';
import type { PollResult } from '../connectors/types.ts';
import type { AppDeps } from '../core/context.ts';
import type { DbOrTx } from '../db/client.ts';
import { integrations } from '../db/schema/integrations.ts';
import type { SecretBox } from '../lib/crypto.ts';

/** An integration's stored credentials (OAuth tokens, password settings), decrypted; {} when none or unreadable. */
export function readCredentials(secrets: SecretBox, encrypted: string | null): Record<string, unknown> {
  if (!encrypted) return {};
  try {
    return secrets.decryptJson<Record<string, unknown>>(encrypted);
  } catch {
    return {};
  }
}

/** Stores what a poll hands back for the next one (poll state, refreshed credentials) with its data. */
export async function saveConnectorState(
  tx: DbOrTx,
  deps: Pick<AppDeps, 'secrets'>,
  integrationId: string,
  result: Pick<PollResult, 'state' | 'credentials'>,
): Promise<void> {
  const changes: Partial<typeof integrations.$inferInsert> = {};
  if (result.state) changes.pollState = result.state;
  if (result.credentials && Object.keys(result.credentials).length > 0) {
    const [row] = await tx
      .select({ secrets: integrations.secretsEncrypted })
      .from(integrations)
      .where(eq(integrations.id, integrationId))
      .for('update');
    const merged = { ...readCredentials(deps.secrets, row?.secrets ?? null), ...result.credentials };
    changes.secretsEncrypted = deps.secrets.encryptJson(merged);
  }
  if (Object.keys(changes).length > 0)
    await tx.update(integrations).set(changes).where(eq(integrations.id, integrationId));
}
