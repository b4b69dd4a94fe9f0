import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { fakeClock } from '../../../test/fakes/clock.ts';
import { type FakeSlack, type FakeSlackMember, startFakeSlack } from '../../../test/fakes/slack.ts';
import { ConnectorError } from '../errors.ts';
import type { TraceEvent } from '../results.ts';
import { MEMBER_REFRESH_MS, pollSlack } from './poll.ts';

const team = (n: number): FakeSlackMember[] =>
  Array.from({ length: n }, (_, i) => ({
    id: `U${String(i).padStart(4, '0')}`,
    name: `Member ${i}`,
    email: `member${i}@acme.test`,
    tz: 'Europe/Berlin',
  }));

function recordingTrace() {
  const events: { event: TraceEvent; details?: Record<string, unknown> }[] = [];
  return { events, debug: (event: TraceEvent, details?: Record<string, unknown>) => events.push({ event, details }) };
}

describe('Slack connector', () => {
  let slack: FakeSlack;
  let token: string;
  beforeAll(async () => {
    slack = await startFakeSlack();
  });
  afterAll(() => slack.close());
  beforeEach(() => {
    slack.members.splice(0, slack.members.length);
    slack.presence.clear();
    slack.requests.splice(0, slack.requests.length);
    token = slack.issueToken();
  });

  it('lists members page by page, skips deleted users, bots and Slackbot, and maps presence', async () => {
    slack.members.push(...team(450));
    slack.members.push({ id: 'UGONE', name: 'Gone', deleted: true }, { id: 'UBOT', name: 'Deploy Bot', is_bot: true });
    slack.members.push({ id: 'USLACKBOT', name: 'Slackbot' });
    slack.presence.set('U0001', 'active');
    slack.presence.set('U0449', 'active');
    const clock = fakeClock();
    const trace = recordingTrace();

    const sweep = await pollSlack({ token, apiUrl: slack.apiUrl, intervalMinutes: 30, clock, trace }, null);

    const listCalls = slack.requests.filter((r) => r.path === '/api/users.list');
    expect(listCalls.map((r) => r.form.get('limit'))).toEqual(['200', '200', '200']);
    expect(sweep.people).toHaveLength(450);
    expect(sweep.people[1]).toEqual({
      personIdentifier: 'U0001',
      name: 'Member 1',
      email: 'member1@acme.test',
      timezone: 'Europe/Berlin',
    });
    expect(sweep.presence).toHaveLength(450);
    expect(sweep.presence.filter((p) => p.status === 'online').map((p) => p.personIdentifier)).toEqual([
      'U0001',
      'U0449',
    ]);
    expect(new Set(sweep.presence.filter((p) => p.status !== 'online').map((p) => p.status))).toEqual(
      new Set(['away']),
    );
    expect(sweep.partial).toBeNull();
    expect(slack.calls('users.getPresence')).toBe(450);
    expect(trace.events.filter((e) => e.event === 'api_call')).toHaveLength(453);
    expect(trace.events.at(-1)).toEqual({
      event: 'milestone',
      details: { step: 'presence sweep complete', checked: 450, total: 450 },
    });
  });

  it('reads the member list again only after 30 minutes', async () => {
    slack.members.push(...team(3));
    const clock = fakeClock();
    const first = await pollSlack({ token, apiUrl: slack.apiUrl, intervalMinutes: 5, clock }, null);
    clock.advance(10 * 60_000);
    slack.members.push({ id: 'UNEW', name: 'New Joiner' });
    const second = await pollSlack({ token, apiUrl: slack.apiUrl, intervalMinutes: 5, clock }, first.state);
    expect(slack.calls('users.list')).toBe(1);
    expect(second.people.map((p) => p.personIdentifier)).toEqual(['U0000', 'U0001', 'U0002']);

    clock.advance(MEMBER_REFRESH_MS);
    const third = await pollSlack({ token, apiUrl: slack.apiUrl, intervalMinutes: 5, clock }, second.state);
    expect(slack.calls('users.list')).toBe(2);
    expect(third.people.map((p) => p.personIdentifier)).toEqual(['U0000', 'U0001', 'U0002', 'UNEW']);
  });

  it("obeys a 429's Retry-After and finishes the sweep", async () => {
    slack.members.push(...team(4));
    slack.rateLimit('users.getPresence', 1, 7);
    const clock = fakeClock();
    const sweep = await pollSlack({ token, apiUrl: slack.apiUrl, intervalMinutes: 5, clock }, null);
    expect(clock.sleeps).toEqual([7000]);
    expect(sweep.presence.map((p) => p.personIdentifier)).toEqual(['U0000', 'U0001', 'U0002', 'U0003']);
    expect(sweep.partial).toBeNull();
    expect(slack.calls('users.getPresence')).toBe(5);
  });

  it('spreads a large workspace at 50 calls a minute and says when the sweep could not finish', async () => {
    slack.members.push(...team(120));
    const clock = fakeClock();
    const trace = recordingTrace();
    const first = await pollSlack({ token, apiUrl: slack.apiUrl, intervalMinutes: 1, clock, trace }, null);
    expect(first.partial).toEqual({
      checked: 50,
      total: 120,
      reason: 'the interval ended before every member was checked',
    });
    expect(first.presence).toHaveLength(50);
    expect(first.state.nextIndex).toBe(50);
    expect(trace.events.at(-1)).toEqual({
      event: 'milestone',
      details: {
        step: 'presence sweep partial',
        checked: 50,
        total: 120,
        reason: 'the interval ended before every member was checked',
      },
    });

    const fiveMinutes = await pollSlack({ token, apiUrl: slack.apiUrl, intervalMinutes: 5, clock }, first.state);
    expect(fiveMinutes.partial).toBeNull();
    expect(fiveMinutes.presence[0]?.personIdentifier).toBe('U0050');
    expect(fiveMinutes.presence).toHaveLength(120);
    expect(clock.sleeps).toEqual([60_000, 60_000]);
  });

  it('stops the sweep as partial when Retry-After would pass the interval', async () => {
    slack.members.push(...team(3));
    slack.rateLimit('users.getPresence', 1, 600);
    const sweep = await pollSlack({ token, apiUrl: slack.apiUrl, intervalMinutes: 5, clock: fakeClock() }, null);
    expect(sweep.partial).toEqual({ checked: 0, total: 3, reason: 'Slack asked to wait 600 s' });
    expect(sweep.presence).toEqual([]);
  });

  it('answers needs_reauthorization for a revoked grant (invalid_auth)', async () => {
    slack.members.push(...team(2));
    slack.revokeAll();
    const failure = await pollSlack(
      { token, apiUrl: slack.apiUrl, intervalMinutes: 5, clock: fakeClock() },
      null,
    ).catch((e: unknown) => e);
    expect(failure).toBeInstanceOf(ConnectorError);
    expect((failure as ConnectorError).kind).toBe('needs_reauthorization');
    expect((failure as ConnectorError).message).toBe('Slack answered invalid_auth');
  });

  it('answers needs_reauthorization for an expired rotating token (token_expired)', async () => {
    slack.members.push(...team(2));
    slack.expireAll();
    const failure = await pollSlack(
      { token, apiUrl: slack.apiUrl, intervalMinutes: 5, clock: fakeClock() },
      null,
    ).catch((e: unknown) => e);
    expect((failure as ConnectorError).kind).toBe('needs_reauthorization');
    expect((failure as ConnectorError).message).toBe('Slack answered token_expired');
  });

  it('fails with the provider message when Slack cannot be reached', async () => {
    const failure = await pollSlack(
      { token, apiUrl: 'http://127.0.0.1:9/api/', intervalMinutes: 5, clock: fakeClock() },
      null,
    ).catch((e: unknown) => e);
    expect((failure as ConnectorError).kind).toBe('provider');
    expect((failure as ConnectorError).message).toMatch(/^Slack could not be reached: /);
  });
});
