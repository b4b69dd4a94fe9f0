import { fileURLToPath } from 'node:url';
import { drizzle, type NodePgDatabase } from 'drizzle-orm/node-postgres';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import * as schema from './schema.ts';

export type Db = NodePgDatabase<typeof schema>;
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
/** Either the pool-backed database or a transaction: query helpers accept both. */
export type DbOrTx = Db | Tx;

export interface Database {
  db: Db;
  pool: pg.Pool;
  url: string;
  close(): Promise<void>;
}

// Timestamps come back as Date objects; bigint counts (count(*)) as numbers.
pg.types.setTypeParser(20, (v) => Number.parseInt(v, 10));

export function connectDatabase(url: string, options: { max?: number } = {}): Database {
  const pool = new pg.Pool({ connectionString: url, max: options.max ?? 10 });
  pool.on('error', () => {
    // An idle client lost its connection (database restart); the pool replaces it on next use.
  });
  pool.on('connect', (client) => {
    // A client in use whose connection fails (PostgreSQL stopping or restarting, a terminated
    // session) emits 'error' too, and nothing listens while the pool has lent it out: unheard, it
    // would end the process. Its query is rejected anyway, and the pool drops it when it comes back.
    client.on('error', () => {});
  });
  const db = drizzle(pool, { schema });
  return { db, pool, url, close: () => pool.end() };
}

export const migrationsFolder = fileURLToPath(new URL('./migrations', import.meta.url));

export async function runMigrations(db: Db): Promise<void> {
  await migrate(db, { migrationsFolder });
}
