import { bearerOf, type FakeReply, type FakeServer, type SeenRequest, startFakeServer } from './fake-server.ts';

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
 * token in PRIVATE-TOKEN or an OAuth token as Bearer; anything else is 401 like gitlab.com.
 */
export interface FakeGitlab extends FakeServer {
  privateToken: string;
  oauthToken: string;
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
    pushes: [],
    commits: new Map(),
    parents: new Map(),
    groups: new Map(),
  } as Omit<FakeGitlab, keyof FakeServer>;

  const handle = (req: SeenRequest): FakeReply => {
    const token = req.headers['private-token'];
    if (token !== fake.privateToken && bearerOf(req.headers) !== fake.oauthToken) {
      return { status: 401, json: { message: '401 Unauthorized' } };
    }
    const path = req.path.replace(/^\/api\/v4/, '');
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
