import { like, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { client, createTestApp, type TestApp } from '../../test/app.ts';
import { fromFreshIp } from '../../test/factories/auth.ts';
import { bearer, createPushIntegration } from '../../test/factories/integrations.ts';
import { createAccount, createUser, sessionCookie, signedInManager } from '../../test/factories.ts';
import { rateLimits } from '../db/schema/users.ts';
import { startRun } from '../pipeline/run-recorder.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t?.close());

const presence = () => ({
  timestamp: new Date().toISOString(),
  source: 'bridge',
  users: [{ personIdentifier: 'u-1', status: 'online' }],
});

describe('Cache-Control: no-store on API answers', () => {
  it('signed-in reads, auth calls, pushes and refusals are never stored by a browser or proxy', async () => {
    const { cookie } = await signedInManager(t.db);
    const account = await createAccount(t.db);
    const { apiKey } = await createPushIntegration(t.deps, account.id);
    const answers = [
      await client(t.app, cookie)({ method: 'GET', url: '/api/v1/account' }),
      await client(t.app, cookie)({ method: 'GET', url: '/api/v1/users' }),
      await client(t.app, cookie)({ method: 'GET', url: '/auth/status' }),
      await client(t.app)({ method: 'GET', url: '/auth/status' }),
      await client(t.app)({ method: 'POST', url: '/api/v1/presence', headers: bearer(apiKey), body: presence() }),
      await client(t.app, cookie)({ method: 'GET', url: '/api/v1/people/not-an-id' }),
    ];
    expect(answers.map((r) => r.statusCode)).toEqual([200, 200, 200, 401, 200, 400]);
    expect(answers.map((r) => r.headers['cache-control'])).toEqual(Array(6).fill('no-store'));
    await t.deps.presence.settled();
  });
});

describe('failed push authentication is rate-limited per IP', () => {
  it('30 wrong keys from one IP in 15 minutes, then 429; other IPs and good keys go on; the window passes', async () => {
    const account = await createAccount(t.db);
    const { apiKey } = await createPushIntegration(t.deps, account.id);
    const ip = `10.200.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`;
    const push = (key: string | null, remoteAddress = ip) =>
      client(t.app)({
        method: 'POST',
        url: '/api/v1/presence',
        remoteAddress,
        headers: key === null ? {} : bearer(key),
        body: presence(),
      });
    const statuses: number[] = [];
    for (let i = 0; i < 30; i += 1) statuses.push((await push(i % 2 === 0 ? `wrong-key-${i}` : null)).statusCode);
    expect(statuses).toEqual(Array(30).fill(401));
    const limited = await push('wrong-key-31');
    expect(limited.statusCode).toBe(429);
    expect(limited.json().code).toBe('RATE_LIMITED');
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(800);
    expect((await push('wrong-key-32', '10.201.0.1')).statusCode).toBe(401);
    expect((await push(apiKey)).statusCode).toBe(200);
    await t.deps.presence.settled();
    // The fifteen minutes pass.
    await t.db
      .update(rateLimits)
      .set({ resetAt: new Date(Date.now() - 1000) })
      .where(like(rateLimits.key, `push-auth-failed:ip:${ip}`));
    expect((await push('wrong-key-33')).statusCode).toBe(401);
  });

  it('a fresh IP sending a wrong key gets 401', async () => {
    const res = await fromFreshIp(t.app)({
      method: 'POST',
      url: '/api/v1/events',
      headers: bearer('nope'),
      body: { timestamp: new Date().toISOString(), source: 'ci', events: [] },
    });
    expect(res.statusCode).toBe(401);
    expect(res.json().message).toBe('The API key is not valid. It may have been regenerated.');
  });
});

describe('run errors never show SQL', () => {
  it('a run that failed in the database reads a plain sentence in the runs list', async () => {
    const account = await createAccount(t.db);
    const manager = await createUser(t.db, account.id, { role: 'manager' });
    const { integration } = await createPushIntegration(t.deps, account.id);
    const run = await startRun(t.db, integration, 'push');
    const failure = await t.db.execute(sql`select pi.id from person_integrations_missing pi`).catch((e: unknown) => e);
    expect(String((failure as Error).message)).toMatch(/^Failed query: select pi\.id/);
    await run.fail(failure);
    const res = await client(
      t.app,
      await sessionCookie(t.db, manager.id),
    )({
      method: 'GET',
      url: `/api/v1/integrations/${integration.id}/runs`,
    });
    expect(res.statusCode).toBe(200);
    const runs = res.json().runs as { id: string; errorMessage: string | null }[];
    expect(runs.find((r) => r.id === run.id)?.errorMessage).toBe(
      'Overlap could not store the results of this run; it will try again.',
    );
    expect(res.body).not.toMatch(/select|Failed query|person_integrations_missing/i);
  });
});
