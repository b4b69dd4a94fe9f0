import { isConnectorError } from '../errors.ts';
import { createPacer, obeyRetryAfter } from '../pacing.ts';
import {
  type Clock,
  type ConnectorTrace,
  type PartialSweep,
  type PresenceSweep,
  type ProviderPerson,
  type ProviderSample,
  silentTrace,
  systemClock,
} from '../results.ts';
import { callSlack, slackClient } from './client.ts';
import { listSlackMembers } from './members.ts';
import { slackPresenceToStatus } from './status.ts';

/** The member list is read again at most this often (users.list is tier 2). */
export const MEMBER_REFRESH_MS = 30 * 60_000;
/** users.getPresence is tier 3: about 50 calls a minute per workspace. */
export const PRESENCE_CALLS_PER_MINUTE = 50;
/** A sweep may use this share of the interval, so the next poll never starts on top of it. */
const SWEEP_SHARE_OF_INTERVAL = 0.8;

/** What a Slack poll carries to the next one: the member list and where the sweep stopped. */
export interface SlackState {
  members: ProviderPerson[];
  membersFetchedAt: string | null;
  nextIndex: number;
}

export interface SlackPollOptions {
  token: string;
  /** SLACK_API_URL, e.g. https://slack.com/api/ */
  apiUrl: string;
  intervalMinutes: number;
  clock?: Clock;
  trace?: ConnectorTrace;
  presenceCallsPerMinute?: number;
}

export function readSlackState(value: unknown): SlackState {
  const v = (value ?? {}) as Partial<SlackState>;
  return {
    members: Array.isArray(v.members) ? v.members : [],
    membersFetchedAt: typeof v.membersFetchedAt === 'string' ? v.membersFetchedAt : null,
    nextIndex: typeof v.nextIndex === 'number' && v.nextIndex >= 0 ? v.nextIndex : 0,
  };
}

/**
 * One Slack poll: the member list (read again every 30 minutes), then users.getPresence for each
 * member, paced at the tier-3 rate and spread over at most 80% of the interval. A 429 is obeyed
 * while its Retry-After fits; members the sweep could not reach are checked first next time, and
 * the result says the sweep was partial.
 */
export async function pollSlack(options: SlackPollOptions, previous: unknown): Promise<PresenceSweep<SlackState>> {
  const clock = options.clock ?? systemClock;
  const trace = options.trace ?? silentTrace;
  const client = slackClient(options.token, options.apiUrl);
  const started = clock.now();
  const deadline = started + Math.max(1, options.intervalMinutes) * 60_000 * SWEEP_SHARE_OF_INTERVAL;
  const state = readSlackState(previous);

  const stale = state.membersFetchedAt === null || started - Date.parse(state.membersFetchedAt) >= MEMBER_REFRESH_MS;
  if (stale || state.members.length === 0) {
    try {
      state.members = await listSlackMembers(client, trace, clock, deadline);
      state.membersFetchedAt = new Date(clock.now()).toISOString();
    } catch (err) {
      if (!isConnectorError(err, 'rate_limited') || state.members.length === 0) throw err;
      trace.debug('milestone', { step: 'member list kept', reason: err.message });
    }
  }

  const members = state.members;
  const total = members.length;
  const start = total === 0 ? 0 : state.nextIndex % total;
  const pacer = createPacer(clock, options.presenceCallsPerMinute ?? PRESENCE_CALLS_PER_MINUTE, 60_000);
  const presence: ProviderSample[] = [];
  let checked = 0;
  let partial: PartialSweep | null = null;
  let firstFailure: Error | null = null;

  while (checked < total) {
    const member = members[(start + checked) % total];
    if (!member) break;
    if (!(await pacer.take(deadline))) {
      partial = { checked, total, reason: 'the interval ended before every member was checked' };
      break;
    }
    try {
      const answer = await obeyRetryAfter(clock, deadline, () =>
        callSlack(trace, 'users.getPresence', () => client.users.getPresence({ user: member.personIdentifier })),
      );
      presence.push({
        personIdentifier: member.personIdentifier,
        status: slackPresenceToStatus(answer.presence),
        at: new Date(clock.now()),
      });
    } catch (err) {
      if (isConnectorError(err, 'needs_reauthorization')) throw err;
      if (isConnectorError(err, 'rate_limited')) {
        partial = { checked, total, reason: `Slack asked to wait ${err.retryAfterSeconds ?? 60} s` };
        break;
      }
      const failure = err instanceof Error ? err : new Error(String(err));
      firstFailure ??= failure;
      trace.debug('error', { personIdentifier: member.personIdentifier, message: failure.message });
    }
    checked++;
  }
  if (presence.length === 0 && firstFailure) throw firstFailure;
  state.nextIndex = total === 0 ? 0 : (start + checked) % total;
  trace.debug('milestone', {
    step: partial ? 'presence sweep partial' : 'presence sweep complete',
    checked,
    total,
    ...(partial ? { reason: partial.reason } : {}),
  });
  return { people: members, presence, partial, state };
}
