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

export interface FakeCommit {
  sha: string;
  message: string;
  name: string;
  email: string;
  login: string | null;
  date: string;
  repo: string;
}

export interface FakePushEvent {
  id: string;
  repo: string;
  login: string;
  createdAt: string;
  before: string;
  head: string;
  ref?: string;
}

/**
 * A GitHub REST API on loopback, answering like api.github.com: `/orgs/{org}/events` newest first,
 * 100 a page with a Link header, a strong ETag and 304 for a matching If-None-Match, X-Poll-Interval;
 * compare and single-commit reads; 401 for an unknown token; rate-limit headers, and 403 with
 * `X-RateLimit-Remaining: 0` once `rateLimitLeft` runs out. Its OAuth app flow lives under
 * `/login/oauth` (authorize, access_token: a token that does not expire), with `/user` and
 * `/user/orgs` (Link paging) for the signed-in user.
 */
export interface FakeGithub extends FakeServer {
  token: string;
  clientId: string;
  clientSecret: string;
  /** The user who consents at the authorize page. */
  login: string;
  /** The organisations that user belongs to, as /user/orgs lists them. */
  orgs: { login: string; description: string | null }[];
  /** GITHUB_OAUTH_URL for this fake. */
  oauthUrl: string;
  pushes: Map<string, FakePushEvent[]>;
  commits: Map<string, FakeCommit>;
  /** Parent chain per repo: compare(before, head) walks back from head to before. */
  parents: Map<string, string>;
  pollInterval: number;
  rateLimitLeft: number;
  /** Answers given once each, in order, before any other handling (an outage, a malformed body). */
  failures: FakeReply[];
}

function eventJson(e: FakePushEvent) {
  // The Events API on github.com: PushEvent without its commits.
  return {
    id: e.id,
    type: 'PushEvent',
    created_at: e.createdAt,
    actor: { id: 1, login: e.login },
    repo: { id: 2, name: e.repo },
    payload: {
      repository_id: 2,
      push_id: Number(e.id),
      ref: e.ref ?? 'refs/heads/main',
      head: e.head,
      before: e.before,
    },
  };
}

function commitJson(c: FakeCommit) {
  return {
    sha: c.sha,
    html_url: `https://github.com/${c.repo}/commit/${c.sha}`,
    author: c.login ? { login: c.login } : null,
    commit: { message: c.message, author: { name: c.name, email: c.email, date: c.date } },
  };
}

export async function startFakeGithub(token = 'gho_fake_token'): Promise<FakeGithub> {
  // The handler reads the returned object, so a test can change the interval or the rate limit.
  let fake = {
    token,
    pushes: new Map(),
    commits: new Map(),
    parents: new Map(),
    pollInterval: 60,
    rateLimitLeft: 5000,
    failures: [],
    clientId: 'github-client-id',
    clientSecret: 'github-client-secret',
    login: 'ada',
    orgs: [],
    oauthUrl: '',
  } as Omit<FakeGithub, keyof FakeServer>;
  const codes = codeBook();
  const limitHeaders = () => ({
    'x-ratelimit-limit': '5000',
    'x-ratelimit-remaining': String(Math.max(0, fake.rateLimitLeft)),
    'x-ratelimit-reset': String(Math.floor(Date.now() / 1000) + 120),
  });

  const handle = (req: SeenRequest, base: string): FakeReply => {
    const failure = fake.failures.shift();
    if (failure) return failure;
    if (req.method === 'GET' && req.path === '/login/oauth/authorize') {
      if (req.query.get('client_id') !== fake.clientId) return { status: 404, text: 'Not Found' };
      const code = codes.issue(req.query);
      return redirectWith(req.query.get('redirect_uri') ?? '', { code, state: req.query.get('state') ?? '' });
    }
    if (req.method === 'POST' && req.path === '/login/oauth/access_token') {
      const client = basicCredentials(req.headers);
      if ((client?.user ?? req.form.get('client_id')) !== fake.clientId) {
        return { json: { error: 'incorrect_client_credentials', error_description: 'The client_id is incorrect.' } };
      }
      if ((client?.password ?? req.form.get('client_secret')) !== fake.clientSecret) {
        return {
          json: { error: 'incorrect_client_credentials', error_description: 'The client_secret is incorrect.' },
        };
      }
      const redeemed = codes.redeem(req.form);
      if ('error' in redeemed) {
        return { status: 400, json: { error: 'bad_verification_code', error_description: redeemed.description } };
      }
      return { json: { access_token: fake.token, token_type: 'bearer', scope: 'read:org,repo' } };
    }
    if (bearerOf(req.headers) !== fake.token) {
      return { status: 401, json: { message: 'Bad credentials', documentation_url: 'https://docs.github.com/rest' } };
    }
    if (fake.rateLimitLeft <= 0) {
      return {
        status: 403,
        headers: limitHeaders(),
        json: { message: 'API rate limit exceeded for user ID 1.' },
      };
    }
    if (req.path === '/user') {
      return { headers: limitHeaders(), json: { login: fake.login, id: 1, type: 'User' } };
    }
    if (req.path === '/user/orgs') {
      const page = Number(req.query.get('page') ?? '1');
      const perPage = Math.min(100, Number(req.query.get('per_page') ?? '30'));
      const headers: Record<string, string> = limitHeaders();
      if (page * perPage < fake.orgs.length) {
        headers.link = `<${base}/user/orgs?per_page=${perPage}&page=${page + 1}>; rel="next"`;
      }
      const slice = fake.orgs.slice((page - 1) * perPage, page * perPage);
      return { headers, json: slice.map((o, i) => ({ login: o.login, id: 100 + i, description: o.description })) };
    }
    const events = /^\/orgs\/([^/]+)\/events$/.exec(req.path);
    if (events?.[1]) {
      const org = decodeURIComponent(events[1]);
      const all = [...(fake.pushes.get(org) ?? [])].sort((a, b) => b.createdAt.localeCompare(a.createdAt));
      const page = Number(req.query.get('page') ?? '1');
      const perPage = Math.min(100, Number(req.query.get('per_page') ?? '30'));
      const etag = `"${all.map((e) => e.id).join('.') || 'empty'}"`;
      const headers: Record<string, string> = { etag, 'x-poll-interval': String(fake.pollInterval) };
      // A 304 does not count against the rate limit.
      if (page === 1 && req.headers['if-none-match'] === etag) return { status: 304, headers };
      fake.rateLimitLeft--;
      const slice = all.slice((page - 1) * perPage, page * perPage);
      if (page * perPage < all.length) {
        headers.link = `<${base}/orgs/${org}/events?per_page=${perPage}&page=${page + 1}>; rel="next"`;
      }
      return { headers: { ...headers, ...limitHeaders() }, json: slice.map(eventJson) };
    }
    fake.rateLimitLeft--;
    const compare = /^\/repos\/([^/]+\/[^/]+)\/compare\/([0-9a-f]+)\.\.\.([0-9a-f]+)$/.exec(req.path);
    if (compare?.[2] && compare[3]) {
      const chain: FakeCommit[] = [];
      let sha: string | undefined = compare[3];
      while (sha && sha !== compare[2]) {
        const commit = fake.commits.get(sha);
        if (!commit) return { status: 404, json: { message: 'Not Found' } };
        chain.unshift(commit);
        sha = fake.parents.get(sha);
      }
      return {
        headers: limitHeaders(),
        json: { status: 'ahead', total_commits: chain.length, commits: chain.map(commitJson) },
      };
    }
    const single = /^\/repos\/([^/]+\/[^/]+)\/commits\/([0-9a-f]+)$/.exec(req.path);
    if (single?.[2]) {
      const commit = fake.commits.get(single[2]);
      return commit
        ? { headers: limitHeaders(), json: commitJson(commit) }
        : { status: 404, json: { message: 'Not Found' } };
    }
    return { status: 404, json: { message: 'Not Found' } };
  };

  let base = '';
  const server = await startFakeServer((req) => handle(req, base));
  base = server.url;
  fake.oauthUrl = `${server.url}/login/oauth`;
  const self = Object.assign(server, fake) as FakeGithub;
  fake = self;
  return self;
}

/** Adds commits one after another on a repo and a PushEvent covering them; answers the event. */
export function pushCommits(
  fake: FakeGithub,
  org: string,
  push: { id: string; repo: string; login: string; createdAt: string; before: string },
  commits: Omit<FakeCommit, 'repo'>[],
): FakePushEvent {
  let parent = push.before;
  for (const c of commits) {
    fake.commits.set(c.sha, { ...c, repo: push.repo });
    fake.parents.set(c.sha, parent);
    parent = c.sha;
  }
  const event: FakePushEvent = { ...push, head: parent };
  fake.pushes.set(org, [...(fake.pushes.get(org) ?? []), event]);
  return event;
}
