import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { client, createTestApp, type TestApp } from '../../../test/app.ts';
import { customerAccount, signedInOperator } from '../../../test/factories/operator.ts';
import { sessionCookie } from '../../../test/factories.ts';
import { eventOf, exceptionValue, startFakeSentry } from '../../../test/fakes/sentry-ingest.ts';

type FakeSentry = Awaited<ReturnType<typeof startFakeSentry>>;
let sentry: FakeSentry;
let t: TestApp;
let cookie: string;

beforeAll(async () => {
  sentry = await startFakeSentry();
  t = await createTestApp({
    SENTRY_DSN: sentry.dsn,
    APP_VERSION: '2.4.0',
    GIT_COMMIT_SHA: 'abcdef1234567890abcdef1234567890abcdef12',
    GIT_BRANCH: 'release/2.4',
    GIT_COMMIT_AUTHOR: 'Ana Lima',
    GIT_COMMIT_MESSAGE: 'Faster timeline',
    DEPLOY_PIPELINE_URL: 'https://ci.example.com/pipelines/77',
    DEPLOYED_AT: '2030-01-02T03:04:05.000Z',
  });
  ({ cookie } = await signedInOperator(t.db));
});
afterAll(async () => {
  await t.close();
  await sentry.close();
});

describe('POST /api/v1/superadmin/system/sentry-test', () => {
  it('sends an event to the DSN and says which one the ingest accepted', async () => {
    const res = await client(t.app, cookie)({ method: 'POST', url: '/api/v1/superadmin/system/sentry-test' });
    expect(res.statusCode).toBe(200);
    const eventId = /Event ([0-9a-f]{32}) was accepted/.exec(res.json().details)?.[1] as string;
    expect(res.json()).toEqual({
      message: 'Test event sent to Sentry',
      details: `Event ${eventId} was accepted by 127.0.0.1:${new URL(sentry.dsn).port} (environment test, release 2.4.0+abcdef1).`,
    });
    const envelope = await sentry.next((e) => e.header.event_id === eventId);
    expect(envelope.path.split('?')[0]).toBe('/api/42/envelope/');
    expect(exceptionValue(envelope)).toBe('Sentry test from the Overlap operator console');
    expect(eventOf(envelope)).toMatchObject({ release: '2.4.0+abcdef1', environment: 'test' });
    expect(eventOf(envelope)?.user).toBeUndefined();
  });

  it('says so when no DSN is configured', async () => {
    const plain = await createTestApp();
    try {
      const op = await signedInOperator(plain.db);
      const res = await client(plain.app, op.cookie)({ method: 'POST', url: '/api/v1/superadmin/system/sentry-test' });
      expect(res.json()).toEqual({
        message: 'Sentry is not configured',
        details: 'No SENTRY_DSN is set on this server, so no event was sent.',
      });
      const info = await client(plain.app, op.cookie)({ method: 'GET', url: '/api/v1/profile/system-info' });
      expect(info.json().errorTracking).toBeNull();
    } finally {
      await plain.close();
    }
  });
});

describe('error reporting', () => {
  it('gives the web app the DSN, environment and release, and lets it reach the ingest', async () => {
    const op = await signedInOperator(t.db);
    const info = await client(t.app, op.cookie)({ method: 'GET', url: '/api/v1/profile/system-info' });
    expect(info.json().errorTracking).toEqual({ dsn: sentry.dsn, environment: 'test', release: '2.4.0+abcdef1' });
    const directives = String(info.headers['content-security-policy']).split(';');
    expect(directives).toContain(`connect-src 'self' ${new URL(sentry.dsn).origin}`);
  });

  it('captures a server error without personal data (no user, cookies or headers)', async () => {
    const { manager } = await customerAccount(t.db);
    const managerCookie = await sessionCookie(t.db, manager.id);
    // A real failure: the table the audit page reads is gone.
    await t.db.execute(sql`alter table audit_log rename to audit_log_gone`);
    try {
      const res = await client(t.app, managerCookie)({ method: 'GET', url: '/api/v1/account/audit-log' });
      expect(res.statusCode).toBe(500);
    } finally {
      await t.db.execute(sql`alter table audit_log_gone rename to audit_log`);
    }
    const envelope = await sentry.next((e) => /audit_log/.test(exceptionValue(e) ?? ''));
    const event = eventOf(envelope) ?? {};
    expect(event.user).toBeUndefined();
    expect(JSON.stringify(event)).not.toContain(manager.email);
    expect(JSON.stringify(event)).not.toContain(managerCookie.split('=')[1]);
  });

  it('captures an unhandled rejection in a process that runs with a DSN', async () => {
    const script = fileURLToPath(new URL('../../../test/fakes/reject-unhandled.ts', import.meta.url));
    const child = spawn(process.execPath, ['--import', 'tsx', script], {
      env: { ...process.env, SENTRY_DSN: sentry.dsn },
      stdio: 'ignore',
    });
    try {
      const envelope = await sentry.next((e) => exceptionValue(e) === 'nobody handled this');
      expect(eventOf(envelope)).toMatchObject({ level: 'error' });
    } finally {
      child.kill();
    }
  });
});

describe('GET /api/v1/superadmin/system/build-info', () => {
  it('answers what the pipeline set', async () => {
    const res = await client(t.app, cookie)({ method: 'GET', url: '/api/v1/superadmin/system/build-info' });
    expect(res.json()).toEqual({
      environment: 'test',
      appname: 'Overlap',
      version: '2.4.0',
      fullVersion: '2.4.0+abcdef1',
      branch: 'release/2.4',
      commit: 'abcdef1234567890abcdef1234567890abcdef12',
      author: 'Ana Lima',
      deploymentTime: '2030-01-02T03:04:05.000Z',
      message: 'Faster timeline',
      pipelineUrl: 'https://ci.example.com/pipelines/77',
    });
  });
});
