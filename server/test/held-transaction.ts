import type { Db, DbOrTx } from '../src/db/client.ts';

/**
 * Opens a transaction, takes a lock in it (`lock`) and holds it until `release()`: what a concurrent
 * writer does while the code under test waits on, or skips, that lock.
 */
export async function holdLockInTransaction(db: Db, lock: (tx: DbOrTx) => Promise<unknown>) {
  let release = () => {};
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  let held = () => {};
  const holding = new Promise<void>((resolve) => {
    held = resolve;
  });
  const done = db.transaction(async (tx) => {
    await lock(tx);
    held();
    await released;
  });
  await holding;
  return {
    release: async () => {
      release();
      await done;
    },
  };
}
