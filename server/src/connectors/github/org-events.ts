import { ConnectorError } from '../errors.ts';
import type { ConnectorTrace } from '../results.ts';
import type { ProviderEvent } from '../types.ts';
import { commitAuthorIdentifier, commitTitle } from '../webhook-types.ts';
import { githubGet } from './client.ts';

/** GitHub keeps 300 events per organisation, 100 a page. */
const MAX_PAGES = 3;
/** A push whose commits have to be read with compare: at most this many per push. */
const MAX_COMPARE_COMMITS = 250;
const ZERO_SHA = /^0+$/;

/** Where the poll of one organisation stands: the ETag of its first page and GitHub's poll interval. */
export interface GithubOrgState {
  etag?: string;
  /** Epoch ms before which GitHub asked not to poll again (X-Poll-Interval). */
  pollAfter?: number;
  /** created_at of the newest event already handled. */
  newestSeen?: string;
}

export interface GithubPollState {
  orgs: Record<string, GithubOrgState>;
}

interface OrgEvent {
  id: string;
  type: string;
  created_at: string;
  actor: { login: string };
  repo: { name: string };
  payload: {
    ref?: string;
    head?: string;
    before?: string;
    commits?: { sha: string; message: string; url: string; author: { name: string; email: string | null } }[];
  };
}

interface ComparedCommit {
  sha: string;
  html_url: string;
  author: { login: string } | null;
  commit: { message: string; author: { name: string; email: string | null; date: string } };
}

function commitEvent(
  repo: string,
  ref: string | undefined,
  c: {
    sha: string;
    message: string;
    url: string;
    name: string;
    email: string | null;
    login: string | null;
    at: string;
  },
): ProviderEvent {
  return {
    externalId: c.sha,
    kind: 'git_commit',
    timestamp: new Date(c.at),
    title: commitTitle(c.message),
    url: c.url,
    personIdentifier: commitAuthorIdentifier({ email: c.email, username: c.login, name: c.name }),
    personName: c.name,
    metadata: {
      authorName: c.name,
      authorEmail: c.email?.toLowerCase() ?? null,
      authorUsername: c.login,
      repository: repo,
      branch: ref?.replace(/^refs\/heads\//, '') ?? null,
    },
  };
}

/**
 * The commits of one PushEvent. On github.com the Events API no longer lists them, so they are read
 * with compare (before...head), or the head commit alone for a new branch; GitHub Enterprise
 * servers that still list them are used as they are. Commit ids are the same externalIds as the
 * push webhook's, so a poll after a webhook stores nothing twice.
 */
async function pushCommits(apiUrl: string, token: string, event: OrgEvent, trace: ConnectorTrace) {
  const repo = event.repo.name;
  const { payload } = event;
  const htmlBase = `https://github.com/${repo}/commit/`;
  if (payload.commits && payload.commits.length > 0) {
    return payload.commits.map((c) =>
      commitEvent(repo, payload.ref, {
        sha: c.sha,
        message: c.message,
        url: `${htmlBase}${c.sha}`,
        name: c.author.name,
        email: c.author.email,
        login: null,
        at: event.created_at,
      }),
    );
  }
  if (!payload.head) return [];
  const toEvent = (c: ComparedCommit) =>
    commitEvent(repo, payload.ref, {
      sha: c.sha,
      message: c.commit.message,
      url: c.html_url,
      name: c.commit.author.name,
      email: c.commit.author.email,
      login: c.author?.login ?? null,
      at: c.commit.author.date,
    });
  if (!payload.before || ZERO_SHA.test(payload.before)) {
    const one = await githubGet<ComparedCommit>(`${apiUrl}/repos/${repo}/commits/${payload.head}`, { token, trace });
    return one.body ? [toEvent(one.body)] : [];
  }
  const compared = await githubGet<{ commits: ComparedCommit[] }>(
    `${apiUrl}/repos/${repo}/compare/${payload.before}...${payload.head}`,
    { token, trace },
  );
  return (compared.body?.commits ?? []).slice(-MAX_COMPARE_COMMITS).map(toEvent);
}

/**
 * Polls `/orgs/{org}/events` of each organisation with `If-None-Match` (a 304 costs nothing) and
 * waits at least `X-Poll-Interval` between polls of one organisation. New PushEvents become
 * `git_commit` events; other event types are not used. Fills the gaps of a webhook that was down.
 */
export async function pollGithubOrgs(input: {
  apiUrl: string;
  token: string;
  organizations: string[];
  state: GithubPollState;
  now: Date;
  trace: ConnectorTrace;
}): Promise<{ events: ProviderEvent[]; state: GithubPollState }> {
  const apiUrl = input.apiUrl.replace(/\/$/, '');
  const state: GithubPollState = { orgs: {} };
  const events: ProviderEvent[] = [];
  const now = input.now.getTime();
  for (const org of input.organizations) {
    const before = input.state.orgs?.[org] ?? {};
    if (before.pollAfter && before.pollAfter > now) {
      state.orgs[org] = before;
      input.trace.debug('milestone', { organization: org, skipped: 'X-Poll-Interval not over' });
      continue;
    }
    const first = await githubGet<OrgEvent[]>(`${apiUrl}/orgs/${encodeURIComponent(org)}/events?per_page=100`, {
      token: input.token,
      etag: before.etag,
      trace: input.trace,
      now,
    });
    const next: GithubOrgState = {
      ...before,
      etag: first.etag ?? before.etag,
      pollAfter: now + (first.pollIntervalSeconds ?? 60) * 1000,
    };
    state.orgs[org] = next;
    if (first.notModified) continue;
    if (!Array.isArray(first.body)) throw new ConnectorError('malformed', `GitHub events of ${org} are not a list`);

    const fresh: OrgEvent[] = [];
    let page = first;
    for (let n = 1; ; n++) {
      const list = page.body ?? [];
      const newer = list.filter((e) => !before.newestSeen || e.created_at > before.newestSeen);
      fresh.push(...newer);
      if (newer.length < list.length || !page.next || n >= MAX_PAGES) break;
      page = await githubGet<OrgEvent[]>(page.next, { token: input.token, trace: input.trace, now });
    }
    for (const event of fresh) {
      if (!next.newestSeen || event.created_at > next.newestSeen) next.newestSeen = event.created_at;
      if (event.type === 'PushEvent') events.push(...(await pushCommits(apiUrl, input.token, event, input.trace)));
    }
    input.trace.debug('milestone', { organization: org, newEvents: fresh.length });
  }
  return { events, state };
}
