import { ConnectorError } from '../errors.ts';
import { requestJson } from '../http.ts';
import type { ConnectorTrace } from '../results.ts';
import type { ProviderEvent } from '../types.ts';
import { commitAuthorIdentifier, commitTitle } from '../webhook-types.ts';

const PER_PAGE = 100;
/** Pages of events read per project and poll (GitLab pages by `page`; 10 x 100 events). */
const MAX_PAGES = 10;
/** Commits read per push through compare. */
const MAX_PUSH_COMMITS = 100;

/** How the poll authenticates: a personal access token (PRIVATE-TOKEN) or an OAuth access token. */
export type GitlabAuth = { type: 'token'; token: string } | { type: 'oauth'; accessToken: string };

/** Per project: the id of the newest event already handled. */
export interface GitlabPollState {
  projects: Record<string, { newestEventId?: number }>;
}

interface ProjectEvent {
  id: number;
  action_name: string;
  created_at: string;
  author_username?: string;
  push_data?: {
    commit_count: number;
    action: string;
    ref_type: string;
    commit_from: string | null;
    commit_to: string | null;
    ref: string | null;
  } | null;
}

interface GitlabCommit {
  id: string;
  title: string;
  message: string;
  author_name: string;
  author_email: string | null;
  authored_date: string;
  web_url: string;
}

function headersOf(auth: GitlabAuth): Record<string, string> {
  return auth.type === 'token' ? { 'private-token': auth.token } : { authorization: `Bearer ${auth.accessToken}` };
}

const messageOf = (body: unknown) => {
  const b = body as { message?: unknown; error?: unknown; error_description?: unknown } | null;
  const text = b?.message ?? b?.error_description ?? b?.error;
  return typeof text === 'string' ? text : text ? JSON.stringify(text) : null;
};

/** The REST root of a GitLab host: `https://gitlab.example.com` -> `https://gitlab.example.com/api/v4`. */
export function gitlabApiRoot(baseUrl: string): string {
  return `${baseUrl.replace(/\/+$/, '')}/api/v4`;
}

function commitEvent(project: string, ref: string | null, pusher: string | undefined, c: GitlabCommit): ProviderEvent {
  const email = c.author_email?.toLowerCase() ?? null;
  return {
    externalId: c.id,
    kind: 'commit',
    timestamp: new Date(c.authored_date),
    title: commitTitle(c.title || c.message),
    url: c.web_url,
    personIdentifier: commitAuthorIdentifier({ email, name: c.author_name }),
    personName: c.author_name,
    metadata: {
      authorName: c.author_name,
      authorEmail: email,
      authorUsername: null,
      pushedBy: pusher ?? null,
      repository: project,
      branch: ref,
    },
  };
}

/** Group ids -> the ids of their projects (subgroups included). */
async function groupProjects(root: string, auth: GitlabAuth, group: string, trace: ConnectorTrace) {
  const ids: string[] = [];
  for (let page = 1; page <= MAX_PAGES; page++) {
    const list = await requestJson<{ id: number }[]>(
      { provider: 'GitLab', trace, messageOf },
      {
        url: `${root}/groups/${encodeURIComponent(group)}/projects?include_subgroups=true&per_page=${PER_PAGE}&page=${page}&simple=true`,
        headers: headersOf(auth),
      },
    );
    if (!Array.isArray(list)) throw new ConnectorError('malformed', `GitLab projects of group ${group} are not a list`);
    ids.push(...list.map((p) => String(p.id)));
    if (list.length < PER_PAGE) break;
  }
  return ids;
}

/**
 * Polls the events of each project (a group stands for all its projects) since the last poll.
 * `pushed to` events become one `commit` event per commit, read through compare since `push_data`
 * names no authors; commit ids are the Push Hook's externalIds, so webhook and poll never store a
 * commit twice. Events are read newest first, `page` by `page`, down to the newest already seen.
 */
export async function pollGitlabEvents(input: {
  baseUrl: string;
  auth: GitlabAuth;
  projectIds: string[];
  groupIds: string[];
  since: Date;
  state: GitlabPollState;
  trace: ConnectorTrace;
}): Promise<{ events: ProviderEvent[]; state: GitlabPollState }> {
  const root = gitlabApiRoot(input.baseUrl);
  const headers = headersOf(input.auth);
  const projects = new Set(input.projectIds);
  for (const group of input.groupIds)
    for (const id of await groupProjects(root, input.auth, group, input.trace)) projects.add(id);

  const state: GitlabPollState = { projects: {} };
  const events: ProviderEvent[] = [];
  // GitLab's `after` is a date (exclusive) in the instance's own timezone: two days earlier covers
  // any zone and a poll just after midnight; ids filter the rest.
  const after = new Date(input.since.getTime() - 2 * 86_400_000).toISOString().slice(0, 10);
  for (const project of projects) {
    const seen = input.state.projects?.[project]?.newestEventId ?? 0;
    let newest = seen;
    const pushes: ProjectEvent[] = [];
    for (let page = 1; page <= MAX_PAGES; page++) {
      const list = await requestJson<ProjectEvent[]>(
        { provider: 'GitLab', trace: input.trace, messageOf },
        {
          url: `${root}/projects/${encodeURIComponent(project)}/events?action=pushed&after=${after}&sort=desc&per_page=${PER_PAGE}&page=${page}`,
          headers,
        },
      );
      if (!Array.isArray(list))
        throw new ConnectorError('malformed', `GitLab events of project ${project} are not a list`);
      const fresh = list.filter((e) => e.id > seen);
      for (const e of fresh) newest = Math.max(newest, e.id);
      pushes.push(...fresh.filter((e) => e.push_data && e.push_data.ref_type === 'branch' && e.push_data.commit_to));
      if (fresh.length < list.length || list.length < PER_PAGE) break;
    }
    state.projects[project] = { newestEventId: newest };
    for (const push of pushes) {
      const data = push.push_data;
      if (!data?.commit_to) continue;
      const base = `${root}/projects/${encodeURIComponent(project)}/repository`;
      let commits: GitlabCommit[];
      if (data.commit_from) {
        const compared = await requestJson<{ commits: GitlabCommit[] }>(
          { provider: 'GitLab', trace: input.trace, messageOf },
          { url: `${base}/compare?from=${data.commit_from}&to=${data.commit_to}`, headers },
        );
        commits = (compared.commits ?? []).slice(-MAX_PUSH_COMMITS);
      } else {
        commits = [
          await requestJson<GitlabCommit>(
            { provider: 'GitLab', trace: input.trace, messageOf },
            { url: `${base}/commits/${data.commit_to}`, headers },
          ),
        ];
      }
      events.push(...commits.map((c) => commitEvent(project, data.ref, push.author_username, c)));
    }
    input.trace.debug('milestone', { project, pushes: pushes.length });
  }
  return { events, state };
}
