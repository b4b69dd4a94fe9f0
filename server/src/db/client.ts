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

/** Session settings every connection of the product starts with (PostgreSQL's startup `options`). */
const SESSION_OPTIONS = '-c jit=off';

/**
 * How to connect to `url`: its own settings, without JIT compilation. Overlap's statements are
 * short; on a PostgreSQL built with LLVM (Debian's packages, most managed services) the planner's
 * estimate for the rollup refresh passed `jit_above_cost`, and compiling it took 460 ms a call for a
 * statement that runs in under 1 ms. Options the URL already gives are kept, before these.
 */
export function connectionConfig(url: string): { connectionString: string; options: string } {
  if (!/[?&]options=/.test(url)) return { connectionString: url, options: SESSION_OPTIONS };
  // The URL's own options would replace these (pg reads the URL last): both go as one.
  const parsed = new URL(url);
  const given = parsed.searchParams.get('options') ?? '';
  parsed.searchParams.delete('options');
  return { connectionString: parsed.toString(), options: `${given} ${SESSION_OPTIONS}`.trim() };
}

export function connectDatabase(url: string, options: { max?: number } = {}): Database {
  const pool = new pg.Pool({ ...connectionConfig(url), max: options.max ?? 10 });
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
