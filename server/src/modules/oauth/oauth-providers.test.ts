import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { client, createTestApp, type TestApp } from '../../../test/app.ts';
import { serviceByProvider } from '../../../test/factories/integrations.ts';
import { signedInManager } from '../../../test/factories.ts';
import { type FakeDiscord, startFakeDiscord } from '../../../test/fakes/discord.ts';
import { type FakeMicrosoft, startFakeMicrosoft } from '../../../test/fakes/microsoft.ts';
import { waitUntil } from '../../../test/fakes/wait-for.ts';
import { people, personIntegrations } from '../../db/schema/activity.ts';
import { integrationRuns, integrations } from '../../db/schema/integrations.ts';

let t: TestApp;
let ms: FakeMicrosoft;
let discord: FakeDiscord;
const GUILD = String(123n << 22n);

beforeAll(async () => {
  [ms, discord] = await Promise.all([startFakeMicrosoft({ tenantName: 'Contoso' }), startFakeDiscord()]);
  ms.users.push({ id: 'aad-1', displayName: 'Mia Wong', mail: 'mia@contoso.test' });
  ms.presence.set('aad-1', { availability: 'Busy', activity: 'InAMeeting' });
  discord.addGuild(GUILD, 'Acme Guild', [{ id: '1', username: 'ada' }]);
  t = await createTestApp({
    MICROSOFT_CLIENT_ID: ms.clientId,
    MICROSOFT_CLIENT_SECRET: ms.clientSecret,
    MICROSOFT_LOGIN_URL: ms.loginUrl,
    MICROSOFT_GRAPH_URL: ms.graphUrl,
    DISCORD_CLIENT_ID: discord.clientId,
    DISCORD_CLIENT_SECRET: discord.clientSecret,
    DISCORD_BOT_TOKEN: discord.botToken,
    DISCORD_API_URL: discord.apiUrl,
    DISCORD_AUTHORIZE_URL: discord.authorizeUrl,
  });
});
afterAll(async () => {
  await t.close();
  await Promise.all([ms.close(), discord.close()]);
});

/** Creates the integration from /integrations/add, starts auth-url, consents at the fake and calls our callback. */
async function connect(provider: 'microsoft' | 'discord') {
  const m = await signedInManager(t.db, { plan: 'scaleup' });
  const call = client(t.app, m.cookie);
  const service = await serviceByProvider(t.db, provider);
  const created = await call({ method: 'POST', url: '/api/v1/integrations', body: { serviceId: service.id } });
  expect(created.statusCode).toBe(201);
  const integrationId = created.json().id as string;
  const start = await call({
    method: 'POST',
    url: `/api/v1/integrations/${provider}/auth-url`,
    body: { integrationId },
  });
  expect(start.statusCode).toBe(200);
  const consent = await fetch(start.json().url, { redirect: 'manual' });
  const back = new URL(consent.headers.get('location') ?? '');
  const res = await call({ method: 'GET', url: `${back.pathname}${back.search}` });
  return { call, integrationId, location: res.headers.location, authorizeUrl: new URL(start.json().url) };
}

describe('connecting Microsoft Teams and Discord from Add integration', () => {
  it('Teams: PKCE authorize, the tenant name on the return page, and the first poll brings its people', async () => {
    const { integrationId, location, authorizeUrl } = await connect('microsoft');
    expect(authorizeUrl.searchParams.get('code_challenge_method')).toBe('S256');
    expect(location).toBe(
      `/integrations/microsoft/callback?success=true&integrationId=${integrationId}&teamName=Contoso`,
    );
    await waitUntil(async () => {
      const runs = await t.db.select().from(integrationRuns).where(eq(integrationRuns.integrationId, integrationId));
      return runs.some((r) => r.status === 'success');
    }, 'the first poll');
    const [row] = await t.db.select().from(integrations).where(eq(integrations.id, integrationId));
    expect(row?.config).toMatchObject({
      team_id: 'tenant-0001',
      team_name: 'Contoso',
      scope: 'User.Read.All Presence.Read.All',
    });
    expect(typeof row?.config.expires_at).toBe('number');
    const linked = await t.db
      .select({ name: people.name, status: people.status, lastStatus: personIntegrations.lastStatus })
      .from(personIntegrations)
      .innerJoin(people, eq(people.id, personIntegrations.personId))
      .where(eq(personIntegrations.integrationId, integrationId));
    expect(linked).toEqual([{ name: 'Mia Wong', status: 'unassigned', lastStatus: 'meeting' }]);
  });

  it('Discord: the bot install records the guild and the return page names it; nothing is polled', async () => {
    discord.nextAuthorizedGuild = GUILD;
    const { integrationId, location } = await connect('discord');
    expect(location).toBe(
      `/integrations/discord/callback?success=true&integrationId=${integrationId}&teamName=Acme+Guild`,
    );
    const [row] = await t.db.select().from(integrations).where(eq(integrations.id, integrationId));
    expect(row?.config).toMatchObject({ guild_id: GUILD, team_id: GUILD, team_name: 'Acme Guild' });
    expect(await t.db.select().from(integrationRuns).where(eq(integrationRuns.integrationId, integrationId))).toEqual(
      [],
    );
  });
});
