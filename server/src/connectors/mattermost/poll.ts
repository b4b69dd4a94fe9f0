import { ConnectorError } from '../errors.ts';
import { requestJson } from '../http.ts';
import {
  type ConnectorTrace,
  type PresenceSweep,
  type ProviderPerson,
  type ProviderSample,
  silentTrace,
} from '../results.ts';
import { mattermostStatusToPresence } from './status.ts';

/** GET /api/v4/users answers at most 200 a page. */
export const USERS_PER_PAGE = 200;
/** Ids per POST /api/v4/users/status/ids. */
const STATUS_BATCH = 200;

export interface MattermostPollOptions {
  /** The team's own server, e.g. https://chat.example.com or http://10.0.0.5:8065 */
  serverUrl: string;
  /** A personal access token. */
  token: string;
  trace?: ConnectorTrace;
  now?: () => Date;
}

interface MattermostUser {
  id?: string;
  username?: string;
  first_name?: string;
  last_name?: string;
  nickname?: string;
  email?: string;
  delete_at?: number;
  is_bot?: boolean;
  timezone?: { useAutomaticTimezone?: string | boolean; automaticTimezone?: string; manualTimezone?: string };
}

interface MattermostStatus {
  user_id?: string;
  status?: string;
}

const mmMessage = (body: unknown) => (body as { message?: string } | null)?.message ?? null;

function timezoneOf(user: MattermostUser): string | null {
  const tz = user.timezone;
  if (!tz) return null;
  const automatic = tz.useAutomaticTimezone === true || tz.useAutomaticTimezone === 'true';
  return (automatic ? tz.automaticTimezone : tz.manualTimezone) || null;
}

export function toPerson(user: MattermostUser): ProviderPerson | null {
  if (!user.id || user.is_bot || (user.delete_at ?? 0) > 0) return null;
  const full = [user.first_name, user.last_name].filter(Boolean).join(' ');
  return {
    personIdentifier: user.id,
    name: full || user.nickname || user.username || null,
    email: user.email || null,
    timezone: timezoneOf(user),
  };
}

/** `${serverUrl}/api/v4/${path}`; a serverUrl that is not http(s) is refused. */
export function mattermostEndpoint(serverUrl: string, path: string): string {
  let base: URL;
  try {
    base = new URL(serverUrl);
  } catch {
    throw new ConnectorError('configuration', `Mattermost server URL is not a URL: ${serverUrl}`);
  }
  if (base.protocol !== 'http:' && base.protocol !== 'https:') {
    throw new ConnectorError('configuration', 'Mattermost server URL must start with http:// or https://');
  }
  return `${base.toString().replace(/\/+$/, '')}/api/v4/${path}`;
}

/**
 * One Mattermost poll with a personal access token: every user page by page (bots and deactivated
 * users skipped), then their statuses. The server may be self-hosted on a private address.
 */
export async function pollMattermost(options: MattermostPollOptions): Promise<PresenceSweep<null>> {
  const trace = options.trace ?? silentTrace;
  const client = { provider: 'Mattermost', trace, messageOf: mmMessage };
  const headers = { authorization: `Bearer ${options.token}` };
  const people: ProviderPerson[] = [];
  for (let page = 0; ; page++) {
    const users = await requestJson<MattermostUser[]>(client, {
      url: mattermostEndpoint(options.serverUrl, `users?page=${page}&per_page=${USERS_PER_PAGE}`),
      headers,
    });
    if (!Array.isArray(users)) throw new ConnectorError('malformed', 'Mattermost listed users without an array');
    for (const user of users) {
      const person = toPerson(user);
      if (person) people.push(person);
    }
    if (users.length < USERS_PER_PAGE) break;
  }
  trace.debug('milestone', { step: 'members listed', members: people.length });

  const presence: ProviderSample[] = [];
  for (let offset = 0; offset < people.length; offset += STATUS_BATCH) {
    const ids = people.slice(offset, offset + STATUS_BATCH).map((p) => p.personIdentifier);
    const statuses = await requestJson<MattermostStatus[]>(client, {
      method: 'POST',
      url: mattermostEndpoint(options.serverUrl, 'users/status/ids'),
      headers,
      body: ids,
    });
    if (!Array.isArray(statuses))
      throw new ConnectorError('malformed', 'Mattermost answered statuses without an array');
    const at = options.now?.() ?? new Date();
    for (const s of statuses) {
      if (s.user_id) presence.push({ personIdentifier: s.user_id, status: mattermostStatusToPresence(s.status), at });
    }
  }
  return { people, presence, partial: null, state: null };
}
