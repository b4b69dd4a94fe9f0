import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll } from 'vitest';
import { createDeps } from '../src/app/bootstrap.ts';
import { seedServices } from '../src/app/seed.ts';
import { loadConfig } from '../src/config.ts';
import type { AppDeps } from '../src/core/context.ts';
import type { Db } from '../src/db/client.ts';
import { type App, buildApp } from '../src/http/app.ts';
import type { MailMessage } from '../src/lib/mail/message.ts';
import { createTestDatabase } from './database.ts';

export const TEST_ORIGIN = 'http://localhost:3000';

export interface TestApp {
  app: App;
  deps: AppDeps;
  db: Db;
  /** Every mail the app sent, newest last. */
  mails: MailMessage[];
  close(): Promise<void>;
}

export async function createTestApp(
  env: Record<string, string> = {},
  options: { webDist?: string } = {},
): Promise<TestApp> {
  const database = await createTestDatabase();
  // A data folder of the test's own, removed with the app (unless the test names its own).
  const dataDir = env.DATA_DIR ? null : mkdtempSync(join(tmpdir(), 'overlap-test-data-'));
  const config = loadConfig({
    NODE_ENV: 'test',
    PUBLIC_URL: TEST_ORIGIN,
    APP_SECRET: 'test-secret-test-secret-test-secret-000',
    ...(dataDir ? { DATA_DIR: dataDir } : {}),
    LOG_LEVEL: 'silent',
    ...env,
  });
  const deps = createDeps(config, database, () => {});
  const mails: MailMessage[] = [];
  deps.mailer = {
    async send(message) {
      mails.push(message);
    },
  };
  await seedServices(deps);
  const app = await buildApp(deps, { logger: false, ...options });
  return {
    app,
    deps,
    db: database.db,
    mails,
    async close() {
      await app.close();
      await deps.presence.stop();
      await database.drop();
      if (dataDir) rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** The test file's app: started before its tests, closed after them; its fields are read inside tests and hooks. */
export function useTestApp(env: Record<string, string> = {}): TestApp {
  let current: TestApp | undefined;
  beforeAll(async () => {
    current = await createTestApp(env);
  });
  afterAll(async () => current?.close());
  return new Proxy({} as TestApp, {
    get(_, key) {
      if (!current) throw new Error('the test app is read before it started');
      return current[key as keyof TestApp];
    },
  });
}

export type Caller = (options: InjectOptions & { body?: unknown }) => Promise<LightMyRequestResponse>;

/** An HTTP client for one session (or none): same-origin headers, JSON bodies, the session cookie. */
export function client(app: App, cookie?: string): Caller {
  return (options) => {
    const { body, headers, ...rest } = options;
    return app.inject({
      ...rest,
      headers: {
        origin: TEST_ORIGIN,
        ...(cookie ? { cookie } : {}),
        ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
        ...headers,
      },
      ...(body !== undefined ? { payload: JSON.stringify(body) } : {}),
    });
  };
}

/** The `name=value` cookie pair a response set, to send on later requests. */
export function cookieFrom(response: LightMyRequestResponse, name = 'overlap_session'): string {
  const found = response.cookies.find((c) => c.name === name);
  if (!found) throw new Error(`response set no ${name} cookie`);
  return `${name}=${found.value}`;
}
