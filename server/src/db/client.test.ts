import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { connectDatabase, connectionConfig, type Database } from './client.ts';

let t: TestApp;
let database: Database;
beforeAll(async () => {
  t = await createTestApp();
  database = connectDatabase(t.deps.database.url, { max: 2 });
});
afterAll(async () => {
  await database.close();
  await t.close();
});

describe('the connection pool', () => {
  it('survives the connection of a client in use failing: its query fails, the pool goes on', async () => {
    const client = await database.pool.connect();
    const { rows } = await client.query<{ pid: number }>('select pg_backend_pid() as pid');
    await t.deps.database.pool.query('select pg_terminate_backend($1)', [rows[0]?.pid]);
    // The session's end reaches the client while it is lent out (no query running): 'error' on it.
    await new Promise((r) => setTimeout(r, 200));
    await expect(client.query('select 1')).rejects.toThrow(
      'Client has encountered a connection error and is not queryable',
    );
    client.release();
    const again = await database.pool.query<{ ok: number }>('select 1 as ok');
    expect(again.rows).toEqual([{ ok: 1 }]);
  });
});

describe('session settings', () => {
  const setting = async (db: Database, name: string) =>
    (await db.pool.query<{ value: string }>('select current_setting($1) as value', [name])).rows[0]?.value;

  it('connects without JIT compilation', async () => {
    expect(await setting(database, 'jit')).toBe('off');
    expect(await setting(t.deps.database, 'jit')).toBe('off');
  });

  it('keeps the options the URL gives, with its own after them', async () => {
    const url = new URL(t.deps.database.url);
    url.searchParams.set('options', '-c statement_timeout=4321');
    expect(connectionConfig(url.toString()).options).toBe('-c statement_timeout=4321 -c jit=off');
    const withOptions = connectDatabase(url.toString(), { max: 1 });
    try {
      expect(await setting(withOptions, 'statement_timeout')).toBe('4321ms');
      expect(await setting(withOptions, 'jit')).toBe('off');
    } finally {
      await withOptions.close();
    }
  });
});
