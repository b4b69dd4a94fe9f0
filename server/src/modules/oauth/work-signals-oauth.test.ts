import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { client, createTestApp, type TestApp } from '../../../test/app.ts';
import { serviceByProvider } from '../../../test/factories/integrations.ts';
import { signedInManager } from '../../../test/factories.ts';
import { type FakeGoogle, startFakeGoogle } from '../../../test/fakes/google.ts';
import { waitUntil } from '../../../test/fakes/wait-for.ts';
import { ADMIN_REPORTS_SCOPE, DRIVE_ACTIVITY_SCOPE } from '../../connectors/google-drive/poll.ts';
import { integrationRuns, integrations } from '../../db/schema/integrations.ts';
import { runIntegrationPoll } from '../../pipeline/run-poll.ts';

let t: TestApp;
let g: FakeGoogle;

beforeAll(async () => {
  g = await startFakeGoogle();
  t = await createTestApp({
    GOOGLE_CLIENT_ID: g.clientId,
    GOOGLE_CLIENT_SECRET: g.clientSecret,
    GOOGLE_AUTH_URL: `${g.url}/o/oauth2/v2/auth`,
    GOOGLE_TOKEN_URL: `${g.url}/token`,
    GOOGLE_DRIVE_ACTIVITY_URL: g.url,
    GOOGLE_ADMIN_URL: g.url,
  });
});
afterAll(async () => {
  await t?.close();
  await g?.close();
});

const edit = (at: string) => ({
  timestampMs: Date.parse(at),
  activity: {
    primaryActionDetail: { edit: {} },
    actors: [{ user: { knownUser: { personName: 'people/1', isCurrentUser: true } } }],
    targets: [{ driveItem: { name: 'items/doc', title: 'Roadmap' } }],
    timestamp: at,
  },
});

describe('Google Drive with OAuth', () => {
  it('auth-url (serviceType drive by default) -> consent -> callback connects, and polls bring document edits; an expired token is refreshed', async () => {
    const m = await signedInManager(t.db, { plan: 'business' });
    const call = client(t.app, m.cookie);
    const service = await serviceByProvider(t.db, 'google');
    const created = await call({ method: 'POST', url: '/api/v1/integrations', body: { serviceId: service.id } });
    const integrationId = created.json().id as string;
    expect(created.json().oauth).toEqual({ provider: 'google', configured: true, needsReauthorization: false });

    const started = await call({
      method: 'POST',
      url: '/api/v1/integrations/google/auth-url',
      body: { integrationId },
    });
    expect(started.statusCode).toBe(200);
    const url = new URL(started.json().url);
    expect(url.origin + url.pathname).toBe(`${g.url}/o/oauth2/v2/auth`);
    expect(url.searchParams.get('scope')?.split(' ')).toEqual([
      'openid',
      'email',
      'profile',
      DRIVE_ACTIVITY_SCOPE,
      ADMIN_REPORTS_SCOPE,
    ]);
    expect(url.searchParams.get('access_type')).toBe('offline');
    expect(url.searchParams.get('redirect_uri')).toBe(
      'http://localhost:3000/api/v1/integrations/oauth/google/callback',
    );

    g.activities = [edit(new Date(Date.now() - 60_000).toISOString())];
    g.grantedScopes = ['openid', 'email', 'profile', DRIVE_ACTIVITY_SCOPE];
    const consent = await fetch(url, { redirect: 'manual' });
    const back = new URL(consent.headers.get('location') ?? '');
    const done = await call({ method: 'GET', url: `${back.pathname}${back.search}` });
    expect(done.statusCode).toBe(302);
    const landing = new URL(done.headers.location as string, 'http://localhost:3000');
    expect(landing.pathname).toBe('/integrations/google/callback');
    expect(Object.fromEntries(landing.searchParams)).toEqual({
      success: 'true',
      integrationId,
      teamName: 'ada@acme.dev',
      serviceType: 'drive',
    });

    await waitUntil(async () => {
      const runs = await t.db.select().from(integrationRuns).where(eq(integrationRuns.integrationId, integrationId));
      return runs.length > 0 && runs.every((r) => r.status !== 'running');
    }, 'the first poll');
    const detail = await call({ method: 'GET', url: `/api/v1/integrations/${integrationId}` });
    expect(detail.json()).toMatchObject({
      connected: true,
      config: { team_name: 'ada@acme.dev', scope: `openid email profile ${DRIVE_ACTIVITY_SCOPE}` },
    });
    const events = await t.db.execute<{ kind: string; person: string }>(sql`
      select e.kind, pi.external_id as person
        from activity_events e join person_integrations pi on pi.id = e.person_integration_id
       where e.integration_id = ${integrationId}`);
    expect(events.rows).toEqual([{ kind: 'google_drive_file_edit', person: 'ada@acme.dev' }]);

    // Google stops accepting the token: the next poll refreshes it once and stores the new one.
    g.expired.add(g.accessToken);
    g.activities.push(edit(new Date().toISOString()));
    const [row] = await t.db.select().from(integrations).where(eq(integrations.id, integrationId));
    const outcome = await runIntegrationPoll(
      t.deps,
      integrationId,
      new Date((row?.lastRunAt ?? new Date()).getTime() + 60_000),
    );
    expect(outcome).toMatchObject({ status: 'success' });
    expect(g.refreshes).toBe(1);
    const [after] = await t.db.select().from(integrations).where(eq(integrations.id, integrationId));
    expect(t.deps.secrets.decryptJson<{ access_token: string }>(after?.secretsEncrypted ?? '').access_token).toBe(
      'ya29.fake-access-1',
    );
  });
});
