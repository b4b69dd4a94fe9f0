import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { connectDatabase, type Database } from './client.ts';

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
