import type { WebClient } from '@slack/web-api';
import { ConnectorError } from '../errors.ts';
import { createPacer, obeyRetryAfter } from '../pacing.ts';
import type { Clock, ConnectorTrace, ProviderPerson } from '../results.ts';
import { callSlack } from './client.ts';

/** users.list is tier 2 (about 20 calls a minute). */
const LIST_CALLS_PER_MINUTE = 20;
const PAGE_SIZE = 200;
/** Slackbot is listed with is_bot false; it is never a team member. */
const SLACKBOT_ID = 'USLACKBOT';

interface SlackMember {
  id?: string;
  name?: string;
  real_name?: string;
  deleted?: boolean;
  is_bot?: boolean;
  is_app_user?: boolean;
  tz?: string | null;
  profile?: { email?: string; real_name?: string; display_name?: string };
}

export function toPerson(member: SlackMember): ProviderPerson | null {
  if (!member.id || member.deleted || member.is_bot || member.is_app_user || member.id === SLACKBOT_ID) return null;
  const name = member.profile?.real_name || member.real_name || member.profile?.display_name || member.name || null;
  return {
    personIdentifier: member.id,
    name,
    email: member.profile?.email || null,
    timezone: member.tz || null,
  };
}

/** Every member of the workspace (cursor paging), without deleted users, bots and apps. */
export async function listSlackMembers(
  client: WebClient,
  trace: ConnectorTrace,
  clock: Clock,
  deadline: number,
): Promise<ProviderPerson[]> {
  const pacer = createPacer(clock, LIST_CALLS_PER_MINUTE, 60_000);
  const people: ProviderPerson[] = [];
  let cursor: string | undefined;
  let pages = 0;
  do {
    if (!(await pacer.take(deadline))) {
      throw new ConnectorError('rate_limited', 'Slack member list did not fit in the interval', {
        retryAfterSeconds: 60,
      });
    }
    const page = await obeyRetryAfter(clock, deadline, () =>
      callSlack(trace, 'users.list', () => client.users.list({ limit: PAGE_SIZE, cursor })),
    );
    pages++;
    if (!Array.isArray(page.members))
      throw new ConnectorError('malformed', 'Slack users.list answered without members');
    for (const member of page.members) {
      const person = toPerson(member as SlackMember);
      if (person) people.push(person);
    }
    cursor = page.response_metadata?.next_cursor || undefined;
  } while (cursor);
  trace.debug('milestone', { step: 'members listed', members: people.length, pages });
  return people;
}
