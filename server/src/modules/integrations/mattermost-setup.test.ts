import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { client, createTestApp, type TestApp } from '../../../test/app.ts';
import { serviceByProvider } from '../../../test/factories/integrations.ts';
import { signedInManager } from '../../../test/factories.ts';
import { type FakeMattermost, startFakeMattermost } from '../../../test/fakes/mattermost.ts';
import { waitUntil } from '../../../test/fakes/wait-for.ts';
import { people, personIntegrations } from '../../db/schema/activity.ts';
import { integrationRuns } from '../../db/schema/integrations.ts';

let t: TestApp;
let mm: FakeMattermost;

beforeAll(async () => {
  mm = await startFakeMattermost();
  mm.users.push({ id: 'mm-ada', username: 'ada', first_name: 'Ada', last_name: 'Lovelace', email: 'ada@team.test' });
  mm.statuses.set('mm-ada', 'dnd');
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
  await mm.close();
});

describe('Mattermost polled from its Setup', () => {
  it('stopped, given a server URL and token, started: polled at once, the token kept encrypted and masked', async () => {
    const m = await signedInManager(t.db, { plan: 'scaleup' });
    const call = client(t.app, m.cookie);
    const service = await serviceByProvider(t.db, 'mattermost');
    const created = await call({ method: 'POST', url: '/api/v1/integrations', body: { serviceId: service.id } });
    const id = created.json().id as string;
    expect((await call({ method: 'POST', url: `/api/v1/integrations/${id}/deactivate` })).statusCode).toBe(200);
    const saved = await call({
      method: 'PATCH',
      url: `/api/v1/integrations/${id}`,
      body: { config: { serverUrl: mm.url, accessToken: mm.token } },
    });
    expect(saved.statusCode).toBe(200);
    expect(saved.json().config).toMatchObject({ serverUrl: mm.url });
    expect(saved.json().config.accessToken).toBeUndefined();
    expect(saved.json().maskedSecrets).toEqual({ accessToken: `••••${mm.token.slice(-4)}` });
    expect(saved.body).not.toContain(mm.token);

    expect((await call({ method: 'POST', url: `/api/v1/integrations/${id}/activate` })).statusCode).toBe(200);
    await waitUntil(async () => {
      const runs = await t.db.select().from(integrationRuns).where(eq(integrationRuns.integrationId, id));
      return runs.some((r) => r.status === 'success');
    }, 'the first poll after starting');
    const linked = await t.db
      .select({ name: people.name, email: people.email, lastStatus: personIntegrations.lastStatus })
      .from(personIntegrations)
      .innerJoin(people, eq(people.id, personIntegrations.personId))
      .where(eq(personIntegrations.integrationId, id));
    expect(linked).toEqual([{ name: 'Ada Lovelace', email: 'ada@team.test', lastStatus: 'dnd' }]);
  });
});
