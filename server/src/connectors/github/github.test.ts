import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FakeGithub, pushCommits, startFakeGithub } from '../../../test/fakes/github.ts';
import { isConnectorError } from '../errors.ts';
import type { TraceEvent } from '../results.ts';
import { pollGithubOrgs } from './org-events.ts';

let gh: FakeGithub;
beforeAll(async () => {
  gh = await startFakeGithub();
});
afterAll(async () => {
  await gh.close();
});

function recorder() {
  const lines: { event: TraceEvent; details?: Record<string, unknown> }[] = [];
  return {
    lines,
    trace: { debug: (event: TraceEvent, details?: Record<string, unknown>) => lines.push({ event, details }) },
  };
}

const NOW = new Date('2025-06-02T12:00:00Z');
const sha = (n: number) => n.toString(16).padStart(40, 'a');

describe('GitHub org events poll', () => {
  it('reads new pushes, their commits through compare, then answers 304s for free and obeys X-Poll-Interval', async () => {
    pushCommits(
      gh,
      'acme',
      { id: '101', repo: 'acme/api', login: 'ada', createdAt: '2025-06-02T11:00:00Z', before: sha(1) },
      [
        {
          sha: sha(2),
          message: 'Fix login\n\nLonger text',
          name: 'Ada L',
          email: 'Ada@Acme.dev',
          login: 'ada',
          date: '2025-06-02T10:50:00Z',
        },
        {
          sha: sha(3),
          message: 'Add tests',
          name: 'Ada L',
          email: 'ada@acme.dev',
          login: 'ada',
          date: '2025-06-02T10:58:00Z',
        },
      ],
    );
    pushCommits(
      gh,
      'acme',
      { id: '102', repo: 'acme/web', login: 'bob', createdAt: '2025-06-02T11:30:00Z', before: '0'.repeat(40) },
      [
        {
          sha: sha(4),
          message: 'New branch',
          name: 'Bob',
          email: 'bob@acme.dev',
          login: null,
          date: '2025-06-02T11:29:00Z',
        },
      ],
    );
    const { trace, lines } = recorder();
    const first = await pollGithubOrgs({
      apiUrl: gh.url,
      token: gh.token,
      organizations: ['acme'],
      state: { orgs: {} },
      now: NOW,
      trace,
    });

    expect(
      first.events.map((e) => [e.externalId, e.kind, e.personIdentifier, e.title, e.timestamp.toISOString()]),
    ).toEqual([
      [sha(4), 'git_commit', 'bob@acme.dev', 'New branch', '2025-06-02T11:29:00.000Z'],
      [sha(2), 'git_commit', 'ada@acme.dev', 'Fix login', '2025-06-02T10:50:00.000Z'],
      [sha(3), 'git_commit', 'ada@acme.dev', 'Add tests', '2025-06-02T10:58:00.000Z'],
    ]);
    expect(first.events[1]?.metadata).toEqual({
      authorName: 'Ada L',
      authorEmail: 'ada@acme.dev',
      authorUsername: 'ada',
      repository: 'acme/api',
      branch: 'main',
    });
    expect(first.events[1]?.url).toBe(`https://github.com/acme/api/commit/${sha(2)}`);
    const org = first.state.orgs.acme;
    expect(org?.etag).toBe('"102.101"');
    expect(org?.newestSeen).toBe('2025-06-02T11:30:00Z');
    expect(org?.pollAfter).toBe(NOW.getTime() + 60_000);
    expect(lines.filter((l) => l.event === 'api_call').map((l) => l.details?.endpoint)).toEqual([
      '/orgs/acme/events?per_page=100',
      `/repos/acme/web/commits/${sha(4)}`,
      `/repos/acme/api/compare/${sha(1)}...${sha(3)}`,
    ]);

    // Within the poll interval: no call at all.
    const calls = gh.requests.length;
    const early = await pollGithubOrgs({
      apiUrl: gh.url,
      token: gh.token,
      organizations: ['acme'],
      state: first.state,
      now: new Date(NOW.getTime() + 30_000),
      trace,
    });
    expect(early.events).toEqual([]);
    expect(gh.requests.length).toBe(calls);

    // After it: the ETag matches, GitHub answers 304 and the rate limit is untouched.
    const left = gh.rateLimitLeft;
    gh.pollInterval = 120;
    const later = new Date(NOW.getTime() + 61_000);
    const again = await pollGithubOrgs({
      apiUrl: gh.url,
      token: gh.token,
      organizations: ['acme'],
      state: first.state,
      now: later,
      trace,
    });
    expect(again.events).toEqual([]);
    expect(gh.requests.at(-1)?.headers['if-none-match']).toBe('"102.101"');
    expect(gh.rateLimitLeft).toBe(left);
    expect(again.state.orgs.acme?.pollAfter).toBe(later.getTime() + 120_000);
  });

  it('follows the Link header over pages and stops at events already seen', async () => {
    const many = Array.from({ length: 130 }, (_, i) => i);
    for (const i of many) {
      pushCommits(
        gh,
        'big',
        {
          id: String(1000 + i),
          repo: 'big/mono',
          login: 'cy',
          createdAt: new Date(Date.UTC(2025, 5, 1, 0, i)).toISOString(),
          before: sha(5000 + i),
        },
        [
          {
            sha: sha(6000 + i),
            message: `c${i}`,
            name: 'Cy',
            email: 'cy@big.dev',
            login: 'cy',
            date: new Date(Date.UTC(2025, 5, 1, 0, i)).toISOString(),
          },
        ],
      );
    }
    const { trace } = recorder();
    const first = await pollGithubOrgs({
      apiUrl: gh.url,
      token: gh.token,
      organizations: ['big'],
      state: { orgs: {} },
      now: NOW,
      trace,
    });
    expect(first.events).toHaveLength(130);
    expect(gh.requests.filter((r) => r.path === '/orgs/big/events').map((r) => r.query.get('page') ?? '1')).toEqual([
      '1',
      '2',
    ]);

    pushCommits(
      gh,
      'big',
      { id: '2000', repo: 'big/mono', login: 'cy', createdAt: '2025-06-02T11:59:00Z', before: sha(6129) },
      [
        {
          sha: sha(7000),
          message: 'latest',
          name: 'Cy',
          email: 'cy@big.dev',
          login: 'cy',
          date: '2025-06-02T11:58:00Z',
        },
      ],
    );
    const next = await pollGithubOrgs({
      apiUrl: gh.url,
      token: gh.token,
      organizations: ['big'],
      state: first.state,
      now: new Date(NOW.getTime() + 3_600_000),
      trace,
    });
    expect(next.events.map((e) => e.externalId)).toEqual([sha(7000)]);
  });

  it('says an unknown token needs reauthorization and an exhausted rate limit when to retry', async () => {
    const { trace } = recorder();
    const bad = await pollGithubOrgs({
      apiUrl: gh.url,
      token: 'revoked',
      organizations: ['acme'],
      state: { orgs: {} },
      now: NOW,
      trace,
    }).catch((e: unknown) => e);
    expect(isConnectorError(bad, 'needs_reauthorization')).toBe(true);
    expect((bad as Error).message).toBe('GitHub answered 401: Bad credentials');

    gh.rateLimitLeft = 0;
    const limited = await pollGithubOrgs({
      apiUrl: gh.url,
      token: gh.token,
      organizations: ['acme'],
      state: { orgs: {} },
      now: new Date(),
      trace,
    }).catch((e: unknown) => e);
    gh.rateLimitLeft = 5000;
    expect(isConnectorError(limited, 'rate_limited')).toBe(true);
    expect((limited as { retryAfterSeconds: number }).retryAfterSeconds).toBeGreaterThanOrEqual(119);
    expect((limited as { retryAfterSeconds: number }).retryAfterSeconds).toBeLessThanOrEqual(121);
  });
});
