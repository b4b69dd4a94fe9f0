import { and, eq, isNull, lt, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { oauthStates } from '../../db/schema/oauth.ts';

export type OAuthStateRow = typeof oauthStates.$inferSelect;

export async function insertState(db: DbOrTx, row: typeof oauthStates.$inferInsert): Promise<void> {
  await db.delete(oauthStates).where(lt(oauthStates.expiresAt, sql`now() - interval '1 day'`));
  await db.insert(oauthStates).values(row);
}

/**
 * Marks a state used and answers it, in one statement: a state is taken once, so a replayed or
 * concurrent callback with the same state finds nothing.
 */
export async function takeState(db: DbOrTx, stateHash: string): Promise<OAuthStateRow | null> {
  const [row] = await db
    .update(oauthStates)
    .set({ usedAt: sql`now()` })
    .where(and(eq(oauthStates.stateHash, stateHash), isNull(oauthStates.usedAt)))
    .returning();
  return row ?? null;
}
