import type { Database } from '../db/client.ts';

export const LIVE_CHANNEL = 'overlap_live';

/**
 * Publishes an account-scoped change on PostgreSQL's LISTEN/NOTIFY channel, so every server
 * process can tell its connected dashboards (see the stream route).
 */
export function createNotifier(database: Database) {
  return async (accountId: string, topic: string): Promise<void> => {
    await database.pool.query('select pg_notify($1, $2)', [LIVE_CHANNEL, JSON.stringify({ accountId, topic })]);
  };
}
