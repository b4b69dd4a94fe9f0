import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { fakeClock } from '../../../test/fakes/clock.ts';
import { type FakeMicrosoft, startFakeMicrosoft } from '../../../test/fakes/microsoft.ts';
import { ConnectorError } from '../errors.ts';
import { pollMicrosoft } from './poll.ts';
import { teamsPresenceToStatus } from './status.ts';

describe('Teams status mapping', () => {
  it.each([
    ['Available', 'Available', 'online'],
    ['Busy', 'InAMeeting', 'meeting'],
    ['Busy', 'InACall', 'meeting'],
    ['Busy', 'InAConferenceCall', 'meeting'],
    ['DoNotDisturb', 'Presenting', 'meeting'],
    ['DoNotDisturb', 'DoNotDisturb', 'dnd'],
    ['Busy', 'Busy', 'busy'],
    ['BusyIdle', 'BusyIdle', 'busy'],
    ['Away', 'Away', 'away'],
    ['BeRightBack', 'BeRightBack', 'away'],
    ['AvailableIdle', 'Available', 'away'],
    ['Offline', 'OffWork', 'offline'],
    ['Offline', 'Offline', 'offline'],
    ['Away', 'OutOfOffice', 'offline'],
    ['PresenceUnknown', 'PresenceUnknown', 'offline'],
  ])('%s / %s -> %s', (availability, activity, expected) => {
    expect(teamsPresenceToStatus(availability, activity)).toBe(expected);
  });
});

describe('Microsoft Teams connector', () => {
  let ms: FakeMicrosoft;
  beforeAll(async () => {
    ms = await startFakeMicrosoft({ pageSize: 400 });
  });
  afterAll(() => ms.close());
  beforeEach(() => {
    ms.users.splice(0, ms.users.length);
    ms.presence.clear();
    ms.requests.splice(0, ms.requests.length);
  });

  it('follows @odata.nextLink, skips disabled accounts and asks presence in batches of at most 650', async () => {
    for (let i = 0; i < 1000; i++) {
      ms.users.push({ id: `u-${i}`, displayName: `User ${i}`, mail: i % 2 === 0 ? `user${i}@contoso.test` : null });
    }
    ms.users.push({ id: 'u-disabled', displayName: 'Left Company', accountEnabled: false });
    ms.presence.set('u-1', { availability: 'Busy', activity: 'InAMeeting' });
    ms.presence.set('u-999', { availability: 'Available', activity: 'Available' });
    const { accessToken } = ms.issueToken();

    const sweep = await pollMicrosoft({ token: accessToken, graphUrl: ms.graphUrl, intervalMinutes: 5 }, null);

    expect(ms.requests.filter((r) => r.path === '/graph/v1.0/users')).toHaveLength(3);
    const batches = ms.requests.filter((r) => r.path === '/graph/v1.0/communications/getPresencesByUserId');
    expect(batches.map((r) => (r.json as { ids: string[] }).ids.length)).toEqual([650, 350]);
    expect(sweep.people).toHaveLength(1000);
    expect(sweep.people[0]).toEqual({
      personIdentifier: 'u-0',
      name: 'User 0',
      email: 'user0@contoso.test',
      timezone: null,
    });
    expect(sweep.people[1]?.email).toBe('u-1@fake.onmicrosoft.com');
    expect(sweep.presence.find((p) => p.personIdentifier === 'u-1')?.status).toBe('meeting');
    expect(sweep.presence.find((p) => p.personIdentifier === 'u-999')?.status).toBe('online');
    expect(sweep.presence.filter((p) => p.status === 'offline')).toHaveLength(998);
    expect(sweep.partial).toBeNull();
  });

  it("waits out a 429's Retry-After", async () => {
    ms.users.push({ id: 'u-a', displayName: 'A' });
    ms.throttle('communications/getPresencesByUserId', 1, 4);
    const clock = fakeClock();
    const sweep = await pollMicrosoft(
      { token: ms.issueToken().accessToken, graphUrl: ms.graphUrl, intervalMinutes: 5, clock },
      null,
    );
    expect(clock.sleeps).toEqual([4000]);
    expect(sweep.presence.map((p) => [p.personIdentifier, p.status])).toEqual([['u-a', 'offline']]);
  });

  it('reports a partial sweep when throttling outlasts the interval', async () => {
    ms.users.push({ id: 'u-a', displayName: 'A' });
    ms.throttle('communications/getPresencesByUserId', 1, 900);
    const sweep = await pollMicrosoft(
      { token: ms.issueToken().accessToken, graphUrl: ms.graphUrl, intervalMinutes: 5, clock: fakeClock() },
      null,
    );
    expect(sweep.partial).toEqual({ checked: 0, total: 1, reason: 'Microsoft Graph asked to wait 900 s' });
  });

  it('answers needs_reauthorization with Graph’s message for an expired token', async () => {
    ms.users.push({ id: 'u-a', displayName: 'A' });
    const { accessToken } = ms.issueToken();
    ms.expireAll();
    const failure = (await pollMicrosoft({ token: accessToken, graphUrl: ms.graphUrl, intervalMinutes: 5 }, null).catch(
      (e: unknown) => e,
    )) as ConnectorError;
    expect(failure).toBeInstanceOf(ConnectorError);
    expect(failure.kind).toBe('needs_reauthorization');
    expect(failure.message).toBe(
      'Microsoft Graph answered 401: InvalidAuthenticationToken: Lifetime validation failed, the token is expired.',
    );
  });

  it('keeps the member list for 30 minutes', async () => {
    ms.users.push({ id: 'u-a', displayName: 'A' });
    const token = ms.issueToken().accessToken;
    const clock = fakeClock();
    const first = await pollMicrosoft({ token, graphUrl: ms.graphUrl, intervalMinutes: 5, clock }, null);
    clock.advance(5 * 60_000);
    await pollMicrosoft({ token, graphUrl: ms.graphUrl, intervalMinutes: 5, clock }, first.state);
    expect(ms.requests.filter((r) => r.path === '/graph/v1.0/users')).toHaveLength(1);
    expect(ms.requests.filter((r) => r.path.endsWith('getPresencesByUserId'))).toHaveLength(2);
  });
});
