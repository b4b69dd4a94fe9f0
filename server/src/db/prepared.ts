import { createHash } from 'node:crypto';
import type { SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import type pg from 'pg';
import type { DbOrTx } from './client.ts';

const dialect = new PgDialect();
const names = new Map<string, string>();

/**
 * Runs a read as a named prepared statement: each pooled connection parses and plans its text once
 * (PostgreSQL then keeps a generic plan when it is as good), instead of on every call. On the
 * dashboard's reads planning cost as much as executing. Inside a transaction (no pool at hand) it
 * runs as an ordinary query. The text must not vary with the values: they are parameters.
 */
export async function preparedRows<T extends Record<string, unknown>>(db: DbOrTx, query: SQL): Promise<T[]> {
  const pool = (db as { $client?: pg.Pool }).$client;
  if (!pool || typeof pool.query !== 'function') return (await db.execute<T>(query)).rows as T[];
  const { sql: text, params } = dialect.sqlToQuery(query);
  let name = names.get(text);
  if (!name) {
    name = `read_${createHash('sha1').update(text).digest('hex').slice(0, 20)}`;
    names.set(text, name);
  }
  return (await pool.query<T>({ name, text, values: params as unknown[] })).rows;
}
