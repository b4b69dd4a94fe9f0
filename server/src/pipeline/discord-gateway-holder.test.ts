import { and, eq, isNotNull } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { createPushIntegration } from '../../test/factories/integrations.ts';
import { createAccount } from '../../test/factories.ts';
import { type FakeDiscord, startFakeDiscord } from '../../test/fakes/discord.ts';
import { waitFor, waitUntil } from '../../test/fakes/wait-for.ts';
import { activityBlocks, people, personIntegrations } from '../db/schema/activity.ts';
import { integrations } from '../db/schema/integrations.ts';
import { DiscordGatewayHolder } from './discord-gateway-holder.ts';
import { saveGrant } from './integration-grant.ts';

const GUILD = String(77n << 22n);
let t: TestApp;
let discord: FakeDiscord;
const holders: DiscordGatewayHolder[] = [];

beforeAll(async () => {
  discord = await startFakeDiscord();
  const guild = discord.addGuild(GUILD, 'Acme Guild', [
    { id: '3001', username: 'ada' },
    { id: '3002', username: 'linus' },
    { id: '3003', username: 'ci-bot', bot: true },
  ]);
  guild.presences.set('3001', 'online');
  t = await createTestApp({
    DISCORD_CLIENT_ID: discord.clientId,
    DISCORD_CLIENT_SECRET: discord.clientSecret,
    DISCORD_BOT_TOKEN: discord.botToken,
    DISCORD_API_URL: discord.apiUrl,
  });
});
afterEach(async () => {
  await Promise.all(holders.splice(0).map((h) => h.stop()));
});
afterAll(async () => {
  await t.close();
  await discord.close();
});

function holder() {
  const h = new DiscordGatewayHolder(t.deps, {
    retryMs: 50,
    flushMs: 50,
    fatalRetryMs: 60_000,
    shard: { backoffMs: 10, maxBackoffMs: 50, invalidSessionWaitMs: () => 10 },
  });
  holders.push(h);
  return h;
}

async function discordIntegration() {
  const account = await createAccount(t.db, { plan: 'scaleup' });
  const { integration } = await createPushIntegration(t.deps, account.id, { provider: 'discord', name: 'Discord' });
  await t.db.transaction((tx) =>
    saveGrant(
      tx,
      t.deps.secrets,
      integration.id,
      { access_token: 'user-token', guild_id: GUILD, team_name: 'Acme Guild' },
      { connect: true },
    ),
  );
  return integration.id;
}

const linked = (integrationId: string) =>
  t.db
    .select({ externalId: personIntegrations.externalId, name: people.name, status: people.status })
    .from(personIntegrations)
    .innerJoin(people, eq(people.id, personIntegrations.personId))
    .where(eq(personIntegrations.integrationId, integrationId))
    .orderBy(personIntegrations.externalId);

describe('Discord gateway holder', () => {
  it('routes the guild to its integration: members become unassigned people, presence opens and closes blocks', async () => {
    const integrationId = await discordIntegration();
    const h = holder();
    h.start();
    await waitUntil(async () => (await linked(integrationId)).length === 2, 'the guild members');
    expect(await linked(integrationId)).toEqual([
      { externalId: '3001', name: 'ada', status: 'unassigned' },
      { externalId: '3002', name: 'linus', status: 'unassigned' },
    ]);
    const open = await t.db.select().from(activityBlocks).where(eq(activityBlocks.integrationId, integrationId));
    expect(open).toHaveLength(1);
    expect(open[0]?.endTime).toBeNull();

    discord.setPresence(GUILD, '3001', 'idle');
    await waitUntil(
      async () =>
        (
          await t.db
            .select()
            .from(activityBlocks)
            .where(and(eq(activityBlocks.integrationId, integrationId), isNotNull(activityBlocks.endTime)))
        ).length === 1,
      'the block to end when ada goes idle',
    );
    const [row] = await t.db.select().from(integrations).where(eq(integrations.id, integrationId));
    expect(row?.lastConnectedAt).toBeInstanceOf(Date);
    expect(row?.connectionError).toBeNull();
  });

  it("reads a large guild's offline members from the member list", async () => {
    const big = String(91n << 22n);
    const guild = discord.addGuild(big, 'Big Guild', [
      { id: '4001', username: 'online-one' },
      { id: '4002', username: 'offline-two' },
      { id: '4003', username: 'offline-three' },
    ]);
    guild.presences.set('4001', 'online');
    discord.largeThreshold = 2;
    try {
      const account = await createAccount(t.db, { plan: 'scaleup' });
      const { integration } = await createPushIntegration(t.deps, account.id, { provider: 'discord' });
      await t.db.transaction((tx) =>
        saveGrant(tx, t.deps.secrets, integration.id, { access_token: 'u', guild_id: big }, { connect: true }),
      );
      const h = holder();
      h.start();
      await waitUntil(async () => (await linked(integration.id)).length === 3, 'all three members');
      expect((await linked(integration.id)).map((p) => p.name)).toEqual(['online-one', 'offline-two', 'offline-three']);
    } finally {
      discord.largeThreshold = 250;
      discord.guilds.delete(big);
    }
  });

  it('exactly one process holds the Gateway; another takes over when it stops', async () => {
    const first = holder();
    first.start();
    await waitFor(() => first.holding && discord.openSessions() === 1, 'the first holder on the Gateway');
    const identifies = discord.gatewayLog.filter((e) => e.op === 'identify').length;
    const second = holder();
    second.start();
    await waitFor(() => second.attempts >= 3, 'three attempts of the second holder');
    expect(second.holding).toBe(false);

    await first.stop();
    await waitFor(() => second.holding, 'the takeover');
    await waitFor(
      () => discord.gatewayLog.filter((e) => e.op === 'identify').length === identifies + 1,
      'a new identify',
    );
  });

  it('says on the integrations that the presence intent must be enabled (close code 4014) and lets the lock go', async () => {
    const integrationId = await discordIntegration();
    discord.presenceIntentEnabled = false;
    try {
      const h = holder();
      h.start();
      await waitUntil(
        async () =>
          (await t.db.select().from(integrations).where(eq(integrations.id, integrationId)))[0]?.connectionError !=
          null,
        'the connection error',
      );
      const [row] = await t.db.select().from(integrations).where(eq(integrations.id, integrationId));
      expect(row?.connectionError).toBe(
        'Discord refused the presence intent (close code 4014): enable the Presence Intent and the Server Members ' +
          'Intent for the bot in the Discord Developer Portal (Bot > Privileged Gateway Intents)',
      );
      await waitFor(() => !h.holding, 'the lock to be released');
    } finally {
      discord.presenceIntentEnabled = true;
    }
  });
});
