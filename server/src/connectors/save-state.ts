import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../db/client.ts';
import { integrations } from '../db/schema/integrations.ts';
import type { AppDeps } from '../http/deps.ts';
import { mergeSettings, readSecrets } from '../modules/integrations/config.ts';
import type { PollResult } from './types.ts';

/** Stores what a poll hands back for the next one (poll state, refreshed credentials) with its data. */
export async function saveConnectorState(
  tx: DbOrTx,
  deps: AppDeps,
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
    const merged = mergeSettings(readSecrets(deps.secrets, row?.secrets ?? null), result.credentials);
    changes.secretsEncrypted = deps.secrets.encryptJson(merged);
  }
  if (Object.keys(changes).length > 0)
    await tx.update(integrations).set(changes).where(eq(integrations.id, integrationId));
}
