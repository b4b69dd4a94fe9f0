import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { client, createTestApp, type TestApp } from '../../test/app.ts';
import { serviceByProvider } from '../../test/factories/integrations.ts';
import { signedInManager } from '../../test/factories.ts';
import { type FakeGithub, pushCommits, startFakeGithub } from '../../test/fakes/github.ts';
import { type FakeGitlab, gitlabPush, startFakeGitlab } from '../../test/fakes/gitlab.ts';
import { type FakeGoogle, startFakeGoogle } from '../../test/fakes/google.ts';
import { integrations } from '../db/schema/integrations.ts';
import { runIntegrationPoll } from './run-poll.ts';

let t: TestApp;
let gh: FakeGithub;
let gl: FakeGitlab;
let google: FakeGoogle;

beforeAll(async () => {
  [gh, gl, google] = await Promise.all([startFakeGithub(), startFakeGitlab(), startFakeGoogle()]);
  t = await createTestApp({
    GITHUB_API_URL: gh.url,
    GITLAB_URL: gl.url,
    GOOGLE_DRIVE_ACTIVITY_URL: google.url,
    GOOGLE_ADMIN_URL: google.url,
  });
});
afterAll(async () => {
  await t?.close();
  await Promise.all([gh?.close(), gl?.close(), google?.close()]);
});

async function create(provider: string, config: Record<string, unknown>) {
  const m = await signedInManager(t.db, { plan: 'business' });
  const call = client(t.app, m.cookie);
  const service = await serviceByProvider(t.db, provider);
  const res = await call({ method: 'POST', url: '/api/v1/integrations', body: { serviceId: service.id, config } });
  expect(res.statusCode).toBe(201);
  return res.json() as { id: string; accountId: string };
}

const eventsOf = async (integrationId: string) =>
  (
    await t.db.execute<{ external_id: string; kind: string }>(
      sql`select external_id, kind from activity_events where integration_id = ${integrationId} order by external_id`,
    )
  ).rows;

const sha = (n: number) => n.toString(16).padStart(40, 'c');

describe('polling the work-signal sources through the pipeline', () => {
  it('GitHub: stores the commits a webhook missed once, keeps the ETag and then costs a 304', async () => {
    pushCommits(
      gh,
      'acme',
      { id: '1', repo: 'acme/api', login: 'ada', createdAt: '2025-06-02T09:00:00Z', before: sha(1) },
      [
        { sha: sha(2), message: 'One', name: 'Ada', email: 'ada@acme.dev', login: 'ada', date: '2025-06-02T08:40:00Z' },
        { sha: sha(3), message: 'Two', name: 'Ada', email: 'ada@acme.dev', login: 'ada', date: '2025-06-02T08:55:00Z' },
      ],
    );
    const integration = await create('github', { organizations: 'acme', accessToken: gh.token });
    const now = new Date('2025-06-02T10:00:00Z');
    const first = await runIntegrationPoll(t.deps, integration.id, now);
    expect(first).toMatchObject({ status: 'success', eventsCreated: 2 });
    expect(await eventsOf(integration.id)).toEqual([
      { external_id: sha(2), kind: 'git_commit' },
      { external_id: sha(3), kind: 'git_commit' },
    ]);
    const [row] = await t.db.select().from(integrations).where(eq(integrations.id, integration.id));
    expect(row?.connectorState).toEqual({
      orgs: { acme: { etag: '"1"', newestSeen: '2025-06-02T09:00:00Z', pollAfter: now.getTime() + 60_000 } },
    });
    const second = await runIntegrationPoll(t.deps, integration.id, new Date(now.getTime() + 10 * 60_000));
    expect(second).toMatchObject({ status: 'success', eventsCreated: 0 });
    expect(gh.requests.at(-1)?.headers['if-none-match']).toBe('"1"');
    // Two commits 15 minutes apart: one block from the first to the second.
    const blocks = await t.db.execute<{ minutes: number }>(sql`
      select (extract(epoch from end_time - start_time) / 60)::int as minutes from activity_blocks
       where integration_id = ${integration.id}`);
    expect(blocks.rows).toEqual([{ minutes: 15 }]);
  });

  it('GitHub without organisations or a token polls nothing and says why', async () => {
    const integration = await create('github', {});
    const outcome = await runIntegrationPoll(t.deps, integration.id);
    expect(outcome).toMatchObject({ status: 'success', eventsCreated: 0 });
    const debug = await t.db.execute<{ details: Record<string, unknown> }>(sql`
      select d.details from integration_run_events d join integration_runs r on r.id = d.run_id
       where r.integration_id = ${integration.id} and d.event = 'milestone'`);
    expect(debug.rows.map((r) => r.details)).toEqual([{ skipped: 'Not connected: only the webhook brings commits' }]);
  });

  it('GitLab: polls a project with a personal access token on GITLAB_URL', async () => {
    gitlabPush(gl, { id: 501, project: '42', username: 'bo', at: '2025-06-02T09:00:00Z', from: sha(10), ref: 'main' }, [
      { id: sha(11), title: 'Polled commit', authorName: 'Bo', authorEmail: 'bo@acme.dev', at: '2025-06-02T08:59:00Z' },
    ]);
    const integration = await create('gitlab', { projectIds: '42', accessToken: gl.privateToken });
    const outcome = await runIntegrationPoll(t.deps, integration.id, new Date('2025-06-02T10:00:00Z'));
    expect(outcome).toMatchObject({ status: 'success', eventsCreated: 1 });
    expect(await eventsOf(integration.id)).toEqual([{ external_id: sha(11), kind: 'commit' }]);
    const [row] = await t.db.select().from(integrations).where(eq(integrations.id, integration.id));
    expect(row?.connectorState).toEqual({ projects: { '42': { newestEventId: 501 } } });
  });

  it('Google Drive: edits and external sharing, then the summary of the day before', async () => {
    google.activities = [
      {
        timestampMs: Date.parse('2025-06-01T15:00:00Z'),
        activity: {
          primaryActionDetail: {
            permissionChange: { addedPermissions: [{ role: 'EDITOR', domain: { name: 'vendor.io' } }] },
          },
          actors: [{ user: { knownUser: { personName: 'people/1', isCurrentUser: true } } }],
          targets: [{ driveItem: { name: 'items/doc1', title: 'Plan' } }],
          timestamp: '2025-06-01T15:00:00Z',
        },
      },
      {
        timestampMs: Date.parse('2025-06-02T09:10:00Z'),
        activity: {
          primaryActionDetail: { edit: {} },
          actors: [{ user: { knownUser: { personName: 'people/1', isCurrentUser: true } } }],
          targets: [{ driveItem: { name: 'items/doc1', title: 'Plan' } }],
          timestamp: '2025-06-02T09:10:00Z',
        },
      },
    ];
    const integration = await create('google', {});
    await t.db
      .update(integrations)
      .set({
        config: { service_type: 'drive', account_email: 'ada@acme.dev', account_name: 'Ada' },
        secretsEncrypted: t.deps.secrets.encryptJson({
          access_token: google.accessToken,
          scope: 'drive.activity.readonly',
        }),
        lastRunAt: new Date('2025-06-02T09:00:00Z'),
      })
      .where(eq(integrations.id, integration.id));
    const outcome = await runIntegrationPoll(t.deps, integration.id, new Date('2025-06-02T09:30:00Z'));
    expect(outcome).toMatchObject({ status: 'success', eventsCreated: 2 });
    const rows = await t.db.execute<{ kind: string; metadata: Record<string, unknown> }>(sql`
      select kind, metadata from activity_events where integration_id = ${integration.id} order by timestamp`);
    expect(rows.rows).toEqual([
      {
        kind: 'google_drive_summary',
        metadata: { day: '2025-06-01', documentsWithExternalActivity: 1, totalExternalCollaborators: 1 },
      },
      {
        kind: 'google_drive_file_edit',
        metadata: { fileName: 'Plan', editorEmail: 'ada@acme.dev', editorDisplayName: 'Ada', editorRole: 'editor' },
      },
    ]);
    // The summary is written once: a later poll the same day does not repeat it.
    const again = await runIntegrationPoll(t.deps, integration.id, new Date('2025-06-02T09:45:00Z'));
    expect(again).toMatchObject({ status: 'success', eventsCreated: 0 });
  });
});
