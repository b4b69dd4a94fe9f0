import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FakeGitlab, gitlabPush, startFakeGitlab } from '../../../test/fakes/gitlab.ts';
import { isConnectorError } from '../errors.ts';
import { silentTrace } from '../results.ts';
import { pollGitlabEvents } from './events-poll.ts';
import { mapGitlabWebhook, verifyGitlabToken } from './webhook.ts';

let gl: FakeGitlab;
beforeAll(async () => {
  gl = await startFakeGitlab();
});
afterAll(async () => {
  await gl.close();
});

const sha = (n: number) => n.toString(16).padStart(40, 'b');
const SINCE = new Date('2025-06-02T00:00:00Z');

describe('GitLab events poll', () => {
  it('turns pushes of projects and groups into one commit event per commit, read through compare', async () => {
    gitlabPush(gl, { id: 11, project: '7', username: 'ada', at: '2025-06-02T09:00:00Z', from: sha(1), ref: 'main' }, [
      { id: sha(2), title: 'Fix parser', authorName: 'Ada L', authorEmail: 'Ada@acme.dev', at: '2025-06-02T08:55:00Z' },
      { id: sha(3), title: 'Add docs', authorName: 'Ada L', authorEmail: 'ada@acme.dev', at: '2025-06-02T08:58:00Z' },
    ]);
    gitlabPush(gl, { id: 12, project: '8', username: 'bo', at: '2025-06-02T10:00:00Z', from: null, ref: 'feature' }, [
      { id: sha(4), title: 'Start feature', authorName: 'Bo', authorEmail: 'bo@acme.dev', at: '2025-06-02T09:59:00Z' },
    ]);
    gl.groups.set('acme', ['8']);

    const result = await pollGitlabEvents({
      baseUrl: gl.url,
      auth: { type: 'token', token: gl.privateToken },
      projectIds: ['7'],
      groupIds: ['acme'],
      since: SINCE,
      state: { projects: {} },
      trace: silentTrace,
    });
    expect(result.events.map((e) => [e.externalId, e.kind, e.personIdentifier, e.title])).toEqual([
      [sha(2), 'commit', 'ada@acme.dev', 'Fix parser'],
      [sha(3), 'commit', 'ada@acme.dev', 'Add docs'],
      [sha(4), 'commit', 'bo@acme.dev', 'Start feature'],
    ]);
    expect(result.events[2]?.metadata).toEqual({
      authorName: 'Bo',
      authorEmail: 'bo@acme.dev',
      authorUsername: null,
      pushedBy: 'bo',
      repository: '8',
      branch: 'feature',
    });
    expect(result.state).toEqual({ projects: { '7': { newestEventId: 11 }, '8': { newestEventId: 12 } } });
    expect(gl.requests.find((r) => r.path.endsWith('/events'))?.headers['private-token']).toBe(gl.privateToken);

    // The next poll reads only what is newer than the newest event it handled.
    gitlabPush(gl, { id: 13, project: '7', username: 'ada', at: '2025-06-02T11:00:00Z', from: sha(3), ref: 'main' }, [
      { id: sha(5), title: 'Later', authorName: 'Ada L', authorEmail: 'ada@acme.dev', at: '2025-06-02T10:59:00Z' },
    ]);
    const next = await pollGitlabEvents({
      baseUrl: gl.url,
      auth: { type: 'oauth', accessToken: gl.oauthToken },
      projectIds: ['7'],
      groupIds: ['acme'],
      since: SINCE,
      state: result.state,
      trace: silentTrace,
    });
    expect(next.events.map((e) => e.externalId)).toEqual([sha(5)]);
    expect(gl.requests.at(-1)?.headers.authorization).toBe(`Bearer ${gl.oauthToken}`);
  });

  it('says a refused token needs reauthorization', async () => {
    const failure = await pollGitlabEvents({
      baseUrl: gl.url,
      auth: { type: 'token', token: 'expired' },
      projectIds: ['7'],
      groupIds: [],
      since: SINCE,
      state: { projects: {} },
      trace: silentTrace,
    }).catch((e: unknown) => e);
    expect(isConnectorError(failure, 'needs_reauthorization')).toBe(true);
    expect((failure as Error).message).toBe('GitLab answered 401: 401 Unauthorized');
  });
});

describe('GitLab Push Hook', () => {
  const hook = {
    object_kind: 'push',
    ref: 'refs/heads/master',
    user_username: 'jsmith',
    user_email: 'john@example.com',
    total_commits_count: 4,
    project: { path_with_namespace: 'mike/diaspora', web_url: 'http://example.com/mike/diaspora' },
    commits: [
      {
        id: 'b6568db1bc1dcd7f8b4d5a946b0b91f9dacd7327',
        message:
          'Update Catalan translation to e38cb41.\n\nSee https://gitlab.com/gitlab-org/gitlab for more information',
        title: 'Update Catalan translation to e38cb41.',
        timestamp: '2011-12-12T14:27:31+02:00',
        url: 'http://example.com/mike/diaspora/commit/b6568db1bc1dcd7f8b4d5a946b0b91f9dacd7327',
        author: { name: 'Jordi Mallach', email: 'jordi@softcatala.org' },
      },
      {
        id: 'da1560886d4f094c3e6c9ef40349f7d38b5d27d7',
        message: 'fixed readme',
        title: 'fixed readme',
        timestamp: '2012-01-03T23:36:29+02:00',
        url: 'http://example.com/mike/diaspora/commit/da1560886d4f094c3e6c9ef40349f7d38b5d27d7',
        author: { name: 'GitLab dev user', email: 'John@Example.com' },
      },
    ],
  };

  it('checks the token in constant time and maps each commit with the push total', () => {
    expect(verifyGitlabToken('s3cret', 's3cret')).toBe(true);
    expect(verifyGitlabToken('s3cret', 's3cre')).toBe(false);
    expect(verifyGitlabToken('s3cret', undefined)).toBe(false);
    const outcome = mapGitlabWebhook('Push Hook', hook);
    expect(outcome.type).toBe('events');
    const events = outcome.type === 'events' ? outcome.events : [];
    expect(events.map((e) => [e.externalId, e.kind, e.personIdentifier, e.title, e.timestamp.toISOString()])).toEqual([
      [
        'b6568db1bc1dcd7f8b4d5a946b0b91f9dacd7327',
        'commit',
        'jordi@softcatala.org',
        'Update Catalan translation to e38cb41.',
        '2011-12-12T12:27:31.000Z',
      ],
      [
        'da1560886d4f094c3e6c9ef40349f7d38b5d27d7',
        'commit',
        'john@example.com',
        'fixed readme',
        '2012-01-03T21:36:29.000Z',
      ],
    ]);
    expect(events[1]?.metadata).toEqual({
      authorName: 'GitLab dev user',
      authorEmail: 'john@example.com',
      authorUsername: 'jsmith',
      repository: 'mike/diaspora',
      branch: 'master',
      totalCommitsCount: 4,
    });
    expect(mapGitlabWebhook('Issue Hook', {})).toEqual({
      type: 'ignored',
      reason: "GitLab event 'Issue Hook' is not used",
    });
  });
});
