import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { connectDatabase, runMigrations } from '../src/db/client.ts';
import { startEmbeddedPostgres } from '../src/db/embedded.ts';

/** Named per run, so suites running at the same time on one server (TEST_DATABASE_URL) keep their own. */
const TEMPLATE_DB = `overlap_template_${process.pid}`;

declare module 'vitest' {
  export interface ProvidedContext {
    pgAdminUrl: string;
    pgTemplate: string;
  }
}

/**
 * One real PostgreSQL per test run: the embedded server (or TEST_DATABASE_URL's server), with a
 * migrated template database that each test file clones into a fresh database of its own.
 */
export default async function setup(project: TestProject) {
  let adminUrl = process.env.TEST_DATABASE_URL;
  let stop = async () => {};
  if (!adminUrl) {
    const dir = mkdtempSync(join(tmpdir(), 'overlap-test-pg-'));
    const server = await startEmbeddedPostgres(join(dir, 'data'));
    adminUrl = server.url;
    stop = async () => {
      await server.stop();
      rmSync(dir, { recursive: true, force: true });
    };
  }
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`drop database if exists ${TEMPLATE_DB} with (force)`);
  await admin.query(`create database ${TEMPLATE_DB}`);
  await admin.end();
  const templateUrl = new URL(adminUrl);
  templateUrl.pathname = `/${TEMPLATE_DB}`;
  const template = connectDatabase(templateUrl.toString(), { max: 1 });
  await runMigrations(template.db);
  await template.close();
  project.provide('pgAdminUrl', adminUrl);
  project.provide('pgTemplate', TEMPLATE_DB);
  const serverUrl = adminUrl;
  return async () => {
    if (process.env.TEST_DATABASE_URL) {
      const cleanup = new pg.Client({ connectionString: serverUrl });
      await cleanup.connect();
      await cleanup.query(`drop database if exists ${TEMPLATE_DB} with (force)`);
      await cleanup.end();
    }
    await stop();
  };
}
