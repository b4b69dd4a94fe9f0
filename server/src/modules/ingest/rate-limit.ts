import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';

export interface RateLimitDecision {
  allowed: boolean;
  count: number;
  retryAfterSeconds: number;
}

/**
 * Counts one request of `keyHash` in the current one-minute window. The counter lives in
 * PostgreSQL, so the limit holds across every server process; a key's older windows are removed
 * when its next window opens.
 */
export async function consumeRateLimit(db: DbOrTx, keyHash: string, perMinute: number): Promise<RateLimitDecision> {
  const result = await db.execute<{ count: number; remaining: number }>(sql`
    insert into api_rate_limits (key_hash, window_start, count)
    values (${keyHash}, date_trunc('minute', now()), 1)
    on conflict (key_hash, window_start) do update set count = api_rate_limits.count + 1
    returning count, ceil(extract(epoch from (window_start + interval '1 minute' - now())))::int as remaining`);
  const row = result.rows[0];
  if (!row) throw new Error('rate limit counter returned nothing');
  return decideRateLimit(db, keyHash, perMinute, row);
}

/**
 * The decision for a counter value just written (by consumeRateLimit or by the key lookup's own
 * statement); the first request of a window removes the key's older windows.
 */
export async function decideRateLimit(
  db: DbOrTx,
  keyHash: string,
  perMinute: number,
  row: { count: number; remaining: number },
): Promise<RateLimitDecision> {
  if (row.count === 1) {
    await db.execute(
      sql`delete from api_rate_limits where key_hash = ${keyHash} and window_start < date_trunc('minute', now())`,
    );
  }
  return { allowed: row.count <= perMinute, count: row.count, retryAfterSeconds: Math.max(1, row.remaining) };
}
