import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { client, createTestApp, TEST_ORIGIN, type TestApp } from '../../../test/app.ts';
import { serviceByProvider } from '../../../test/factories/integrations.ts';
import { signedInManager } from '../../../test/factories.ts';
import { type FakeGithub, pushCommits, startFakeGithub } from '../../../test/fakes/github.ts';
import { type FakeGitlab, gitlabPush, startFakeGitlab } from '../../../test/fakes/gitlab.ts';
import { waitUntil } from '../../../test/fakes/wait-for.ts';
import { integrationRuns, integrations } from '../../db/schema/integrations.ts';
import { runIntegrationPoll } from '../../pipeline/run-poll.ts';

let t: TestApp;
let gh: FakeGithub;
let gl: FakeGitlab;

beforeAll(async () => {
  gh = await startFakeGithub('gho_fake_oauth_token');
  gl = await startFakeGitlab();
  t = await createTestApp({
    GITHUB_CLIENT_ID: gh.clientId,
    GITHUB_CLIENT_SECRET: gh.clientSecret,
    GITHUB_API_URL: gh.url,
    GITHUB_OAUTH_URL: gh.oauthUrl,
    GITLAB_URL: gl.url,
    GITLAB_CLIENT_ID: gl.clientId,
    GITLAB_CLIENT_SECRET: gl.clientSecret,
  });
});
afterAll(async () => {
  await t?.close();
  await gh?.close();
  await gl?.close();
});

const sha = (n: number, fill = 'c') => n.toString(16).padStart(40, fill);
const minutesAgo = (m: number) => new Date(Date.now() - m * 60_000).toISOString();

/** A stopped integration of `provider` with `config` saved, as a manager sets it up before connecting. */
async function stoppedWith(provider: 'github' | 'gitlab', config: Record<string, unknown>) {
  const m = await signedInManager(t.db, { plan: 'business' });
  const call = client(t.app, m.cookie);
  const service = await serviceByProvider(t.db, provider);
  const created = await call({ method: 'POST', url: '/api/v1/integrations', body: { serviceId: service.id } });
  const integrationId = created.json().id as string;
  expect(created.json().oauth).toEqual({ provider, configured: true, needsReauthorization: false });
  await call({ method: 'POST', url: `/api/v1/integrations/${integrationId}/deactivate` });
  const saved = await call({ method: 'PATCH', url: `/api/v1/integrations/${integrationId}`, body: { config } });
  expect(saved.statusCode).toBe(200);
  return { ...m, call, integrationId };
}

/** auth-url, the fake provider's authorize as a consenting user, then our callback: the return page. */
async function connect(call: ReturnType<typeof client>, provider: string, integrationId: string) {
  const started = await call({
    method: 'POST',
    url: `/api/v1/integrations/${provider}/auth-url`,
    body: { integrationId },
  });
  expect(started.statusCode).toBe(200);
  const url = new URL(started.json().url);
  const consent = await fetch(url, { redirect: 'manual' });
  expect(consent.status).toBe(302);
  const back = new URL(consent.headers.get('location') ?? '');
  expect(back.origin + back.pathname).toBe(`${TEST_ORIGIN}/api/v1/integrations/oauth/${provider}/callback`);
  const done = await call({ method: 'GET', url: `${back.pathname}${back.search}` });
  expect(done.statusCode).toBe(302);
  return { url, landing: new URL(done.headers.location as string, TEST_ORIGIN) };
}

async function firstPollDone(integrationId: string) {
  await waitUntil(async () => {
    const runs = await t.db.select().from(integrationRuns).where(eq(integrationRuns.integrationId, integrationId));
    return runs.length > 0 && runs.every((r) => r.status !== 'running');
  }, 'the first poll');
  return t.db.select().from(integrationRuns).where(eq(integrationRuns.integrationId, integrationId));
}

async function rowOf(id: string) {
  const [row] = await t.db.select().from(integrations).where(eq(integrations.id, id));
  if (!row) throw new Error('no integration');
  return row;
}

async function commitsOf(integrationId: string) {
  const rows = await t.db.execute<{ external_id: string; kind: string; person: string; name: string }>(sql`
    select e.external_id, e.kind, pi.external_id as person, p.name
      from activity_events e
      join person_integrations pi on pi.id = e.person_integration_id
      join people p on p.id = pi.person_id
     where e.integration_id = ${integrationId}
     order by e.timestamp`);
  return rows.rows.map((r) => [r.external_id, r.kind, r.person, r.name]);
}

describe('GitHub with OAuth end to end', () => {
  it('auth-url -> authorize -> callback stores the token encrypted, connects, and the first poll brings commits and their authors', async () => {
    pushCommits(gh, 'acme', { id: '501', repo: 'acme/api', login: 'ada', createdAt: minutesAgo(20), before: sha(1) }, [
      { sha: sha(2), message: 'Fix login', name: 'Ada L', email: 'Ada@Acme.dev', login: 'ada', date: minutesAgo(25) },
      { sha: sha(3), message: 'Add tests', name: 'Bo', email: 'bo@acme.dev', login: 'bo', date: minutesAgo(22) },
    ]);
    const { call, integrationId } = await stoppedWith('github', { organizations: 'acme' });

    const { url, landing } = await connect(call, 'github', integrationId);
    expect(url.origin + url.pathname).toBe(`${gh.oauthUrl}/authorize`);
    expect(url.searchParams.get('client_id')).toBe(gh.clientId);
    expect(url.searchParams.get('scope')).toBe('read:org repo');
    expect(url.searchParams.get('redirect_uri')).toBe(`${TEST_ORIGIN}/api/v1/integrations/oauth/github/callback`);
    expect(landing.pathname).toBe('/integrations/github/callback');
    expect(Object.fromEntries(landing.searchParams)).toEqual({ success: 'true', integrationId, teamName: 'ada' });

    const row = await rowOf(integrationId);
    expect(row.status).toBe('active');
    expect(row.config).toMatchObject({ organizations: 'acme', team_name: 'ada', scope: 'read:org,repo' });
    expect(JSON.stringify(row.config)).not.toContain('gho_');
    expect(row.secretsEncrypted).not.toContain('gho_');
    expect(t.deps.secrets.decryptJson<Record<string, string>>(row.secretsEncrypted ?? '').access_token).toBe(
      'gho_fake_oauth_token',
    );
    const detail = await call({ method: 'GET', url: `/api/v1/integrations/${integrationId}` });
    expect(detail.json()).toMatchObject({ connected: true, maskedSecrets: { access_token: '••••oken' } });
    expect(detail.body).not.toContain('gho_fake_oauth_token');

    const runs = await firstPollDone(integrationId);
    expect(runs.map((r) => [r.status, r.errorMessage])).toEqual([['success', null]]);
    expect(await commitsOf(integrationId)).toEqual([
      [sha(2), 'git_commit', 'ada@acme.dev', 'Ada L'],
      [sha(3), 'git_commit', 'bo@acme.dev', 'Bo'],
    ]);
    const polled = gh.requests.filter((r) => r.path === '/orgs/acme/events');
    expect(polled.map((r) => r.headers.authorization)).toEqual(['Bearer gho_fake_oauth_token']);
  });
});

describe('GitLab with OAuth end to end', () => {
  it('PKCE authorize -> callback stores the tokens encrypted with their expiry, the first poll brings commits, and expired tokens are refreshed', async () => {
    gitlabPush(gl, { id: 71, project: '7', username: 'ada', at: minutesAgo(30), from: sha(1, 'd'), ref: 'main' }, [
      { id: sha(2, 'd'), title: 'Fix parser', authorName: 'Ada L', authorEmail: 'ada@acme.dev', at: minutesAgo(32) },
    ]);
    const { call, integrationId } = await stoppedWith('gitlab', { projectIds: '7' });

    const before = Math.floor(Date.now() / 1000);
    const { url, landing } = await connect(call, 'gitlab', integrationId);
    const after = Math.ceil(Date.now() / 1000);
    expect(url.origin + url.pathname).toBe(`${gl.url}/oauth/authorize`);
    expect(url.searchParams.get('scope')).toBe('read_api');
    expect(url.searchParams.get('code_challenge_method')).toBe('S256');
    expect(gl.lastAuthorizeHadPkce).toBe(true);
    expect(Object.fromEntries(landing.searchParams)).toEqual({ success: 'true', integrationId, teamName: 'ada' });

    const row = await rowOf(integrationId);
    expect(row.status).toBe('active');
    expect(row.config).toMatchObject({ projectIds: '7', team_name: 'ada', scope: 'read_api' });
    // GitLab's 2-hour token: expires_at in epoch seconds.
    expect(row.config.expires_at).toBeGreaterThanOrEqual(before + 7200);
    expect(row.config.expires_at).toBeLessThanOrEqual(after + 7200);
    const sealed = t.deps.secrets.decryptJson<Record<string, string>>(row.secretsEncrypted ?? '');
    expect([sealed.access_token, sealed.refresh_token]).toEqual(['gl-oauth-fake', 'gl-refresh-fake']);
    expect(row.secretsEncrypted).not.toContain('gl-oauth-fake');

    const runs = await firstPollDone(integrationId);
    expect(runs.map((r) => [r.status, r.errorMessage])).toEqual([['success', null]]);
    expect(await commitsOf(integrationId)).toEqual([[sha(2, 'd'), 'commit', 'ada@acme.dev', 'Ada L']]);

    // GitLab refuses the token before its expiry: the poll refreshes once, retries, and keeps the new pair.
    gl.expired.add('gl-oauth-fake');
    gitlabPush(gl, { id: 72, project: '7', username: 'ada', at: minutesAgo(5), from: sha(2, 'd'), ref: 'main' }, [
      { id: sha(3, 'd'), title: 'Later', authorName: 'Ada L', authorEmail: 'ada@acme.dev', at: minutesAgo(6) },
    ]);
    const later = new Date((await rowOf(integrationId)).lastRunAt?.getTime() ?? Date.now());
    expect(await runIntegrationPoll(t.deps, integrationId, new Date(later.getTime() + 60_000))).toMatchObject({
      status: 'success',
    });
    expect(gl.refreshes).toBe(1);
    const refreshed = await rowOf(integrationId);
    const pair = t.deps.secrets.decryptJson<Record<string, string>>(refreshed.secretsEncrypted ?? '');
    expect([pair.access_token, pair.refresh_token]).toEqual(['gl-oauth-1', 'gl-refresh-1']);
    expect(await commitsOf(integrationId)).toEqual([
      [sha(2, 'd'), 'commit', 'ada@acme.dev', 'Ada L'],
      [sha(3, 'd'), 'commit', 'ada@acme.dev', 'Ada L'],
    ]);

    // Two hours on, the token is refreshed before the poll uses it.
    const expiresAt = refreshed.config.expires_at as number;
    expect(await runIntegrationPoll(t.deps, integrationId, new Date(expiresAt * 1000 - 60_000))).toMatchObject({
      status: 'success',
    });
    expect(gl.refreshes).toBe(2);
    const tokenUses = gl.requests
      .filter((r) => r.path === '/api/v4/projects/7/events')
      .map((r) => r.headers.authorization);
    // First poll; refused; retried after the refresh; refreshed ahead of expiry.
    expect(tokenUses).toEqual([
      'Bearer gl-oauth-fake',
      'Bearer gl-oauth-fake',
      'Bearer gl-oauth-1',
      'Bearer gl-oauth-2',
    ]);
  });
});
