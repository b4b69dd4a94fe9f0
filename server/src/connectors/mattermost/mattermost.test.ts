import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type FakeMattermost, startFakeMattermost } from '../../../test/fakes/mattermost.ts';
import type { ConnectorError } from '../errors.ts';
import { pollMattermost } from './poll.ts';

describe('Mattermost connector', () => {
  let mm: FakeMattermost;
  beforeAll(async () => {
    mm = await startFakeMattermost();
  });
  afterAll(() => mm.close());
  beforeEach(() => {
    mm.users.splice(0, mm.users.length);
    mm.statuses.clear();
    mm.requests.splice(0, mm.requests.length);
  });

  it('pages through users on a loopback server, skips bots and deactivated users, and maps statuses', async () => {
    for (let i = 0; i < 250; i++) {
      mm.users.push({
        id: `mm${i}`,
        username: `user${i}`,
        first_name: 'User',
        last_name: String(i),
        email: `u${i}@team.test`,
        timezone: 'Asia/Tokyo',
      });
    }
    mm.users.push(
      { id: 'bot1', username: 'bot', is_bot: true },
      { id: 'gone', username: 'gone', delete_at: 1700000000000 },
    );
    mm.statuses.set('mm0', 'online');
    mm.statuses.set('mm1', 'dnd');
    mm.statuses.set('mm2', 'away');
    const at = new Date('2026-03-02T10:00:00Z');

    const sweep = await pollMattermost({ serverUrl: `${mm.url}/`, token: mm.token, now: () => at });

    expect(mm.requests.filter((r) => r.path === '/api/v4/users').map((r) => r.query.get('page'))).toEqual(['0', '1']);
    expect(sweep.people).toHaveLength(250);
    expect(sweep.people[0]).toEqual({
      personIdentifier: 'mm0',
      name: 'User 0',
      email: 'u0@team.test',
      timezone: 'Asia/Tokyo',
    });
    expect(sweep.presence.slice(0, 4)).toEqual([
      { personIdentifier: 'mm0', status: 'online', at },
      { personIdentifier: 'mm1', status: 'dnd', at },
      { personIdentifier: 'mm2', status: 'away', at },
      { personIdentifier: 'mm3', status: 'offline', at },
    ]);
    expect(sweep.presence).toHaveLength(250);
  });

  it('answers needs_reauthorization with Mattermost’s message for a revoked token', async () => {
    mm.users.push({ id: 'a', username: 'a' });
    const old = mm.token;
    mm.revokeToken();
    const failure = (await pollMattermost({ serverUrl: mm.url, token: old }).catch(
      (e: unknown) => e,
    )) as ConnectorError;
    expect(failure.kind).toBe('needs_reauthorization');
    expect(failure.message).toBe('Mattermost answered 401: Invalid or expired session, please login again.');
  });

  it('answers rate_limited with the Retry-After on 429', async () => {
    mm.rateLimitNext(1);
    const failure = (await pollMattermost({ serverUrl: mm.url, token: mm.token }).catch(
      (e: unknown) => e,
    )) as ConnectorError;
    expect(failure.kind).toBe('rate_limited');
    expect(failure.retryAfterSeconds).toBe(1);
  });

  it('refuses a server URL that is not http(s)', async () => {
    const failure = (await pollMattermost({ serverUrl: 'ftp://chat.local', token: 'x' }).catch(
      (e: unknown) => e,
    )) as ConnectorError;
    expect(failure.kind).toBe('configuration');
    expect(failure.message).toBe('Mattermost server URL must start with http:// or https://');
  });
});
