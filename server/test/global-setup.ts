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
  const dropTemplate = `drop database if exists ${TEMPLATE_DB} with (force)`;
  await onServer(adminUrl, [dropTemplate, `create database ${TEMPLATE_DB}`]);
  const templateUrl = new URL(adminUrl);
  templateUrl.pathname = `/${TEMPLATE_DB}`;
  const template = connectDatabase(templateUrl.toString(), { max: 1 });
  await runMigrations(template.db);
  await template.close();
  project.provide('pgAdminUrl', adminUrl);
  project.provide('pgTemplate', TEMPLATE_DB);
  const serverUrl = adminUrl;
  return async () => {
    if (process.env.TEST_DATABASE_URL) await onServer(serverUrl, [dropTemplate]);
    await stop();
  };
}

/** Runs `statements` in order on one connection to the server behind `url`. */
async function onServer(url: string, statements: string[]): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    for (const statement of statements) await client.query(statement);
  } finally {
    await client.end();
  }
}
