import { sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../src/db/client.ts';

/** A promise and the function that resolves it (Promise.withResolvers, which Node 20 lacks). */
export function deferred(): { promise: Promise<void>; resolve: () => void } {
  let resolve = () => {};
  const promise = new Promise<void>((r) => {
    resolve = r;
  });
  return { promise, resolve };
}

/**
 * Opens a transaction, takes a lock in it (`lock`) and holds it until `release()`: what a concurrent
 * writer does while the code under test waits on, or skips, that lock.
 */
export async function holdLockInTransaction(db: Db, lock: (tx: DbOrTx) => Promise<unknown>) {
  const released = deferred();
  const holding = deferred();
  const done = db.transaction(async (tx) => {
    await lock(tx);
    holding.resolve();
    await released.promise;
  });
  await holding.promise;
  return {
    release: async () => {
      released.resolve();
      await done;
    },
  };
}

/** Sessions of the test's database waiting for a lock; with `text`, only in statements containing it. */
export async function lockWaiters(db: Db, text?: string): Promise<number | undefined> {
  const result = await db.execute<{ n: number }>(sql`
    select count(*)::int as n from pg_stat_activity
     where datname = current_database() and wait_event_type = 'Lock'
       and (${text ?? null}::text is null or position(${text ?? null}::text in query) > 0)`);
  return result.rows[0]?.n;
}
