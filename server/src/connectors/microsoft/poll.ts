import { ConnectorError, isConnectorError } from '../errors.ts';
import { obeyRetryAfter } from '../pacing.ts';
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
import { callGraph, graphEndpoint } from './graph.ts';
import { teamsPresenceToStatus } from './status.ts';

/** getPresencesByUserId takes at most 650 ids a call. */
export const PRESENCE_BATCH = 650;
export const MEMBER_REFRESH_MS = 30 * 60_000;
const SWEEP_SHARE_OF_INTERVAL = 0.8;

export interface MicrosoftState {
  members: ProviderPerson[];
  membersFetchedAt: string | null;
}

export interface MicrosoftPollOptions {
  token: string;
  /** MICROSOFT_GRAPH_URL, e.g. https://graph.microsoft.com */
  graphUrl: string;
  intervalMinutes: number;
  clock?: Clock;
  trace?: ConnectorTrace;
}

interface GraphUser {
  id?: string;
  displayName?: string | null;
  mail?: string | null;
  userPrincipalName?: string | null;
  accountEnabled?: boolean | null;
}

interface GraphPage<T> {
  value?: T[];
  '@odata.nextLink'?: string;
}

interface GraphPresence {
  id?: string;
  availability?: string;
  activity?: string;
}

function readState(value: unknown): MicrosoftState {
  const v = (value ?? {}) as Partial<MicrosoftState>;
  return {
    members: Array.isArray(v.members) ? v.members : [],
    membersFetchedAt: typeof v.membersFetchedAt === 'string' ? v.membersFetchedAt : null,
  };
}

function toPerson(user: GraphUser): ProviderPerson | null {
  if (!user.id || user.accountEnabled === false) return null;
  const email = user.mail || (user.userPrincipalName?.includes('@') ? user.userPrincipalName : null) || null;
  return { personIdentifier: user.id, name: user.displayName || email, email, timezone: null };
}

/** Every enabled user of the tenant, following @odata.nextLink. */
async function listUsers(options: MicrosoftPollOptions, trace: ConnectorTrace, clock: Clock, deadline: number) {
  const people: ProviderPerson[] = [];
  let next: string | undefined = graphEndpoint(
    options.graphUrl,
    'users?$select=id,displayName,mail,userPrincipalName,accountEnabled&$top=999',
  );
  let pages = 0;
  while (next) {
    const url: string = next;
    const page = await obeyRetryAfter(clock, deadline, () =>
      callGraph<GraphPage<GraphUser>>(trace, options.token, { url }),
    );
    if (!Array.isArray(page.value)) throw new ConnectorError('malformed', 'Microsoft Graph listed users without value');
    for (const user of page.value) {
      const person = toPerson(user);
      if (person) people.push(person);
    }
    next = page['@odata.nextLink'];
    pages++;
  }
  trace.debug('milestone', { step: 'members listed', members: people.length, pages });
  return people;
}

/**
 * One Teams poll: the tenant's users (read again every 30 minutes), then their presence in batches
 * of at most 650 ids. A 429's Retry-After is obeyed while it fits in the interval; batches that
 * could not be asked make the sweep partial.
 */
export async function pollMicrosoft(
  options: MicrosoftPollOptions,
  previous: unknown,
): Promise<PresenceSweep<MicrosoftState>> {
  const clock = options.clock ?? systemClock;
  const trace = options.trace ?? silentTrace;
  const started = clock.now();
  const deadline = started + Math.max(1, options.intervalMinutes) * 60_000 * SWEEP_SHARE_OF_INTERVAL;
  const state = readState(previous);
  if (state.membersFetchedAt === null || started - Date.parse(state.membersFetchedAt) >= MEMBER_REFRESH_MS) {
    state.members = await listUsers(options, trace, clock, deadline);
    state.membersFetchedAt = new Date(clock.now()).toISOString();
  }

  const total = state.members.length;
  const presence: ProviderSample[] = [];
  let partial: PartialSweep | null = null;
  for (let offset = 0; offset < total; offset += PRESENCE_BATCH) {
    const ids = state.members.slice(offset, offset + PRESENCE_BATCH).map((m) => m.personIdentifier);
    try {
      const answer = await obeyRetryAfter(clock, deadline, () =>
        callGraph<GraphPage<GraphPresence>>(trace, options.token, {
          method: 'POST',
          url: graphEndpoint(options.graphUrl, 'communications/getPresencesByUserId'),
          body: { ids },
        }),
      );
      if (!Array.isArray(answer.value)) {
        throw new ConnectorError('malformed', 'Microsoft Graph answered presences without value');
      }
      const at = new Date(clock.now());
      for (const p of answer.value) {
        if (p.id)
          presence.push({ personIdentifier: p.id, status: teamsPresenceToStatus(p.availability, p.activity), at });
      }
    } catch (err) {
      if (!isConnectorError(err, 'rate_limited')) throw err;
      partial = { checked: offset, total, reason: `Microsoft Graph asked to wait ${err.retryAfterSeconds ?? 60} s` };
      break;
    }
  }
  trace.debug('milestone', {
    step: partial ? 'presence sweep partial' : 'presence sweep complete',
    checked: partial ? partial.checked : total,
    total,
    ...(partial ? { reason: partial.reason } : {}),
  });
  return { people: state.members, presence, partial, state };
}
