import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { type Caller, client, useTestApp } from '../../../test/app.ts';
import { fromFreshIp, GOOD_PASSWORD, lastMailTo, resetTokenOf } from '../../../test/factories/auth.ts';
import { customerAccount, signedInOperator } from '../../../test/factories/operator.ts';
import { createUser, sessionCookie } from '../../../test/factories.ts';
import { type App, buildApp } from '../../http/app.ts';
import { ACTOR_CACHE_MS, ActorCache, revokeUserSessions } from './session.ts';

/**
 * The per-process session cache (`ActorCache`): a change made through this process is seen by
 * the very next request; a change made by another process (here: a second app on the same
 * database, with its own cache) or outside any request is seen by reads within ACTOR_CACHE_MS;
 * writes always look their session up.
 */
const t = useTestApp();
let other: App;

beforeAll(async () => {
  other = await buildApp(t.deps, { logger: false });
});
afterAll(async () => other?.close());
afterEach(() => {
  vi.useRealTimers();
});

/** Moves this process's clock past the cache's bound (the database's clock is not needed). */
const pastTheBound = () => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(Date.now() + ACTOR_CACHE_MS + 1);
};

const status = async (call: Caller, url = '/auth/status') => (await call({ method: 'GET', url })).statusCode;

async function team() {
  const { account, manager, member } = await customerAccount(t.db, { plan: 'business' });
  const managerCookie = await sessionCookie(t.db, manager.id);
  const memberCookie = await sessionCookie(t.db, member.id);
  return { account, manager, member, managerCookie, memberCookie };
}

describe('sessions looked up once per ACTOR_CACHE_MS for reads', () => {
  it('signing out ends the session at once in this process, within the bound in another', async () => {
    const { managerCookie } = await team();
    const here = client(t.app, managerCookie);
    const there = client(other, managerCookie);
    expect(await status(here)).toBe(200);
    expect(await status(there)).toBe(200);
    expect((await here({ method: 'POST', url: '/auth/logout' })).statusCode).toBe(200);
    expect(await status(here)).toBe(401);
    expect(await status(there)).toBe(200);
    pastTheBound();
    expect(await status(there)).toBe(401);
  });

  it('revoked sessions (a password reset) end at once in this process, within the bound in another', async () => {
    const { member, memberCookie } = await team();
    const here = client(t.app, memberCookie);
    const there = client(other, memberCookie);
    expect(await status(here)).toBe(200);
    expect(await status(there)).toBe(200);
    const call = fromFreshIp(t.app);
    expect(
      (await call({ method: 'POST', url: '/auth/forgot-password', body: { email: member.email } })).statusCode,
    ).toBe(200);
    const token = resetTokenOf(lastMailTo(t.mails, member.email));
    const reset = await call({
      method: 'POST',
      url: '/auth/reset-password',
      body: { email: member.email, newPassword: GOOD_PASSWORD, token },
    });
    expect(reset.statusCode).toBe(200);
    expect(await status(here)).toBe(401);
    expect(await status(there)).toBe(200);
    pastTheBound();
    expect(await status(there)).toBe(401);
  });

  it('sessions revoked outside any request (a job, a script) end within the bound, in every process', async () => {
    const { member, memberCookie } = await team();
    const here = client(t.app, memberCookie);
    expect(await status(here)).toBe(200);
    await revokeUserSessions(t.db, member.id);
    expect(await status(here)).toBe(200);
    pastTheBound();
    expect(await status(here)).toBe(401);
  });

  it('a disabled user is signed out at once in this process, within the bound in another', async () => {
    const { member, managerCookie, memberCookie } = await team();
    const here = client(t.app, memberCookie);
    const there = client(other, memberCookie);
    expect(await status(here)).toBe(200);
    expect(await status(there)).toBe(200);
    const disable = await client(
      t.app,
      managerCookie,
    )({
      method: 'PATCH',
      url: `/api/v1/users/${member.id}/role`,
      body: { role: 'disabled' },
    });
    expect(disable.statusCode).toBe(200);
    expect(await status(here)).toBe(401);
    expect(await status(there)).toBe(200);
    pastTheBound();
    expect(await status(there)).toBe(401);
  });

  it('a new role applies at once in this process, within the bound to reads in another, at once to writes', async () => {
    const { account, manager } = await team();
    // A second manager of the same team demotes the first.
    const boss = await createUser(t.db, account.id, { role: 'manager' });
    const bossCall = client(t.app, await sessionCookie(t.db, boss.id));
    const cookie = await sessionCookie(t.db, manager.id);
    const here = client(t.app, cookie);
    const there = client(other, cookie);
    const managersOnly = '/api/v1/integrations';
    expect(await status(here, managersOnly)).toBe(200);
    expect(await status(there, managersOnly)).toBe(200);
    const demote = await bossCall({ method: 'PATCH', url: `/api/v1/users/${manager.id}/role`, body: { role: 'user' } });
    expect(demote.statusCode).toBe(200);
    expect(await status(here, managersOnly)).toBe(403);
    expect(await status(there, managersOnly)).toBe(200);
    // A write in the other process looks its session up: the new role already applies.
    const write = await there({ method: 'PATCH', url: `/api/v1/users/${boss.id}/role`, body: { role: 'user' } });
    expect(write.statusCode).toBe(403);
    // That write emptied the other process's cache too.
    expect(await status(there, managersOnly)).toBe(403);
  });

  it('a new role reaches another process within the bound even when it writes nothing', async () => {
    const { account, manager } = await team();
    const boss = await createUser(t.db, account.id, { role: 'manager' });
    const cookie = await sessionCookie(t.db, manager.id);
    const there = client(other, cookie);
    const managersOnly = '/api/v1/integrations';
    expect(await status(there, managersOnly)).toBe(200);
    const demote = await client(
      t.app,
      await sessionCookie(t.db, boss.id),
    )({
      method: 'PATCH',
      url: `/api/v1/users/${manager.id}/role`,
      body: { role: 'user' },
    });
    expect(demote.statusCode).toBe(200);
    expect(await status(there, managersOnly)).toBe(200);
    pastTheBound();
    expect(await status(there, managersOnly)).toBe(403);
  });

  it('a suspended account may not write at once in every process; a terminated one stops reading within the bound', async () => {
    const operator = await signedInOperator(t.db);
    const { account, managerCookie } = await team();
    const here = client(t.app, managerCookie);
    const there = client(other, managerCookie);
    const people = '/api/v1/people';
    expect(await status(here, people)).toBe(200);
    expect(await status(there, people)).toBe(200);
    const act = (action: string) =>
      client(t.app, operator.cookie)({ method: 'POST', url: `/api/v1/superadmin/accounts/${account.id}/${action}` });
    expect((await act('suspend')).statusCode).toBe(200);
    const write = { method: 'PATCH' as const, url: '/api/v1/profile/preferences', body: { timeFormat: '24h' } };
    expect((await here(write)).statusCode).toBe(403);
    expect((await there(write)).statusCode).toBe(403);
    expect(await status(here, people)).toBe(200);
    expect(await status(there, people)).toBe(200);
    expect((await act('terminate')).statusCode).toBe(200);
    expect(await status(here, people)).toBe(403);
    expect(await status(there, people)).toBe(200);
    pastTheBound();
    expect(await status(there, people)).toBe(403);
  });

  it('keeps nothing a read looked up while a write started and ended in this process', async () => {
    const { member, memberCookie } = await team();
    const token = memberCookie.split('=')[1] as string;
    const cache = new ActorCache();
    const lookup = cache.find(t.db, token, false);
    cache.writeStarted()();
    expect((await lookup)?.userId).toBe(member.id);
    await revokeUserSessions(t.db, member.id);
    expect(await cache.find(t.db, token, false)).toBeNull();
  });

  it('serves a read from the cache, and a write never', async () => {
    const { member, memberCookie } = await team();
    const token = memberCookie.split('=')[1] as string;
    const cache = new ActorCache();
    expect((await cache.find(t.db, token, false))?.userId).toBe(member.id);
    await revokeUserSessions(t.db, member.id);
    expect((await cache.find(t.db, token, false))?.userId).toBe(member.id);
    expect(await cache.find(t.db, token, true)).toBeNull();
  });
});
