import {
  basicCredentials,
  bearerOf,
  type FakeReply,
  type FakeServer,
  redirectWith,
  type SeenRequest,
  startFakeServer,
} from './fake-server.ts';
import { codeBook } from './oauth-codes.ts';

export interface FakeGitlabCommit {
  id: string;
  title: string;
  authorName: string;
  authorEmail: string;
  at: string;
  project: string;
}

export interface FakeGitlabPush {
  id: number;
  project: string;
  username: string;
  at: string;
  from: string | null;
  to: string;
  ref: string;
}

/**
 * A GitLab REST API (`/api/v4`) on loopback: project events newest first with `page`/`per_page`,
 * `action` and `after` filters; group projects; repository compare and commits. A personal access
 * token in PRIVATE-TOKEN or an OAuth token as Bearer; anything else (an expired token too) is 401
 * like gitlab.com. The OAuth application flow: `/oauth/authorize` with PKCE and `/oauth/token`
 * (2-hour tokens; a refresh issues a new access and refresh token), and `/api/v4/user`.
 */
export interface FakeGitlab extends FakeServer {
  privateToken: string;
  oauthToken: string;
  refreshToken: string;
  /** OAuth access tokens GitLab no longer accepts. */
  expired: Set<string>;
  refreshes: number;
  clientId: string;
  clientSecret: string;
  /** The user who consents at the authorize page. */
  username: string;
  /** Whether the last authorize request carried a PKCE challenge. */
  lastAuthorizeHadPkce: boolean;
  pushes: FakeGitlabPush[];
  commits: Map<string, FakeGitlabCommit>;
  parents: Map<string, string>;
  groups: Map<string, string[]>;
}

const commitJson = (c: FakeGitlabCommit) => ({
  id: c.id,
  short_id: c.id.slice(0, 8),
  title: c.title,
  message: `${c.title}\n`,
  author_name: c.authorName,
  author_email: c.authorEmail,
  authored_date: c.at,
  web_url: `https://gitlab.example.com/${c.project}/-/commit/${c.id}`,
});

export async function startFakeGitlab(): Promise<FakeGitlab> {
  let fake = {
    privateToken: 'glpat-fake',
    oauthToken: 'gl-oauth-fake',
    refreshToken: 'gl-refresh-fake',
    expired: new Set<string>(),
    refreshes: 0,
    clientId: 'gitlab-client-id',
    clientSecret: 'gitlab-client-secret',
    username: 'ada',
    lastAuthorizeHadPkce: false,
    pushes: [],
    commits: new Map(),
    parents: new Map(),
    groups: new Map(),
  } as Omit<FakeGitlab, keyof FakeServer>;

  const codes = codeBook();
  const tokens = (): FakeReply => ({
    json: {
      access_token: fake.oauthToken,
      token_type: 'Bearer',
      expires_in: 7200,
      refresh_token: fake.refreshToken,
      scope: 'read_api',
      created_at: Math.floor(Date.now() / 1000),
    },
  });
  const invalidGrant: FakeReply = {
    status: 400,
    json: {
      error: 'invalid_grant',
      error_description:
        'The provided authorization grant is invalid, expired, revoked, does not match the redirection URI used in the authorization request, or was issued to another client.',
    },
  };

  const handle = (req: SeenRequest): FakeReply => {
    if (req.method === 'GET' && req.path === '/oauth/authorize') {
      if (req.query.get('client_id') !== fake.clientId) return { status: 401, text: 'invalid_client' };
      fake.lastAuthorizeHadPkce = req.query.get('code_challenge_method') === 'S256';
      const code = codes.issue(req.query);
      return redirectWith(req.query.get('redirect_uri') ?? '', { code, state: req.query.get('state') ?? '' });
    }
    if (req.method === 'POST' && req.path === '/oauth/token') {
      const client = basicCredentials(req.headers);
      const id = client?.user ?? req.form.get('client_id');
      const secret = client?.password ?? req.form.get('client_secret');
      if (id !== fake.clientId || secret !== fake.clientSecret) {
        return { status: 401, json: { error: 'invalid_client', error_description: 'Client authentication failed.' } };
      }
      if (req.form.get('grant_type') === 'authorization_code') {
        return 'error' in codes.redeem(req.form) ? invalidGrant : tokens();
      }
      if (req.form.get('grant_type') === 'refresh_token' && req.form.get('refresh_token') === fake.refreshToken) {
        fake.refreshes++;
        fake.oauthToken = `gl-oauth-${fake.refreshes}`;
        fake.refreshToken = `gl-refresh-${fake.refreshes}`;
        return tokens();
      }
      return invalidGrant;
    }
    const token = req.headers['private-token'];
    const bearer = bearerOf(req.headers);
    if (token !== fake.privateToken && (bearer !== fake.oauthToken || fake.expired.has(bearer))) {
      return { status: 401, json: { message: '401 Unauthorized' } };
    }
    const path = req.path.replace(/^\/api\/v4/, '');
    if (path === '/user') {
      return { json: { id: 1, username: fake.username, name: 'Ada Lovelace', email: 'ada@acme.dev' } };
    }
    const group = /^\/groups\/([^/]+)\/projects$/.exec(path);
    if (group?.[1]) {
      const ids = fake.groups.get(decodeURIComponent(group[1]));
      return ids
        ? { json: ids.map((id) => ({ id: Number(id) })) }
        : { status: 404, json: { message: '404 Group Not Found' } };
    }
    const events = /^\/projects\/([^/]+)\/events$/.exec(path);
    if (events?.[1]) {
      const project = decodeURIComponent(events[1]);
      const after = req.query.get('after');
      const perPage = Number(req.query.get('per_page') ?? '20');
      const page = Number(req.query.get('page') ?? '1');
      const list = fake.pushes
        .filter((p) => p.project === project && (!after || p.at.slice(0, 10) > after))
        .sort((a, b) => b.id - a.id)
        .map((p) => ({
          id: p.id,
          project_id: Number(project),
          action_name: 'pushed to',
          created_at: p.at,
          author_username: p.username,
          push_data: {
            commit_count: 1,
            action: 'pushed',
            ref_type: 'branch',
            commit_from: p.from,
            commit_to: p.to,
            ref: p.ref,
          },
        }));
      const slice = list.slice((page - 1) * perPage, page * perPage);
      return { headers: { 'x-page': String(page), 'x-total': String(list.length) }, json: slice };
    }
    const compare = /^\/projects\/([^/]+)\/repository\/compare$/.exec(path);
    if (compare) {
      const chain: FakeGitlabCommit[] = [];
      let sha: string | undefined = req.query.get('to') ?? undefined;
      while (sha && sha !== req.query.get('from')) {
        const commit = fake.commits.get(sha);
        if (!commit) return { status: 404, json: { message: '404 Commit Not Found' } };
        chain.unshift(commit);
        sha = fake.parents.get(sha);
      }
      return { json: { commit: null, commits: chain.map(commitJson), diffs: [] } };
    }
    const single = /^\/projects\/([^/]+)\/repository\/commits\/([0-9a-f]+)$/.exec(path);
    if (single?.[2]) {
      const commit = fake.commits.get(single[2]);
      return commit ? { json: commitJson(commit) } : { status: 404, json: { message: '404 Commit Not Found' } };
    }
    return { status: 404, json: { message: '404 Not Found' } };
  };

  const server = await startFakeServer(handle);
  const self = Object.assign(server, fake) as FakeGitlab;
  fake = self;
  return self;
}

/** Commits on a project, one after another from `from`, and the push event covering them. */
export function gitlabPush(
  fake: FakeGitlab,
  push: Omit<FakeGitlabPush, 'to'>,
  commits: Omit<FakeGitlabCommit, 'project'>[],
): void {
  let parent = push.from ?? '';
  for (const c of commits) {
    fake.commits.set(c.id, { ...c, project: push.project });
    if (parent) fake.parents.set(c.id, parent);
    parent = c.id;
  }
  fake.pushes.push({ ...push, to: parent });
}
