import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { inject } from 'vitest';
import { connectDatabase, type Database } from '../src/db/client.ts';

export function adminUrl(): string {
  return inject('pgAdminUrl');
}

/** A fresh database cloned from the migrated template; dropped by `drop()`. */
export async function createTestDatabase(): Promise<Database & { drop(): Promise<void> }> {
  const name = `test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl() });
  await admin.connect();
  await admin.query(`create database ${name} template ${inject('pgTemplate')}`);
  await admin.end();
  const url = new URL(adminUrl());
  url.pathname = `/${name}`;
  const database = connectDatabase(url.toString(), { max: 5 });
  return {
    ...database,
    async drop() {
      await database.close();
      const a = new pg.Client({ connectionString: adminUrl() });
      await a.connect();
      await a.query(`drop database if exists ${name} with (force)`);
      await a.end();
    },
  };
}
