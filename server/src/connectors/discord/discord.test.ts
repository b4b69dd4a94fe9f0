import { afterEach, describe, expect, it } from 'vitest';
import { type FakeDiscord, startFakeDiscord } from '../../../test/fakes/discord.ts';
import { waitFor } from '../../../test/fakes/wait-for.ts';
import type { ConnectorError } from '../errors.ts';
import { PRESENCE_INTENTS } from './gateway-protocol.ts';
import { DiscordListener, type GuildPresence } from './listener.ts';
import { listGuildMembers } from './rest.ts';

// Guild ids whose shard (id >> 22 mod 2) is 0 and 1.
const GUILD_A = String(10n << 22n);
const GUILD_B = String((11n << 22n) + 5n);

describe('Discord Gateway listener', () => {
  let discord: FakeDiscord;
  let listener: DiscordListener | null = null;
  afterEach(async () => {
    listener?.stop();
    listener = null;
    await discord.close();
  });

  function listen(extra: { botToken?: string } = {}) {
    const updates: GuildPresence[] = [];
    const fatal: ConnectorError[] = [];
    listener = new DiscordListener({
      apiUrl: discord.apiUrl,
      botToken: extra.botToken ?? discord.botToken,
      onPresence: (u) => updates.push(u),
      onFatal: (e) => fatal.push(e),
      shard: { backoffMs: 10, maxBackoffMs: 50, invalidSessionWaitMs: () => 10 },
      // Identify buckets are 5 s apart; here the wait is skipped, not the order.
      clock: { now: () => Date.now(), sleep: async () => {} },
    });
    return { updates, fatal, listener };
  }

  it('identifies with the presence intents, reads each guild at GUILD_CREATE and routes PRESENCE_UPDATE by guild', async () => {
    discord = await startFakeDiscord();
    const guild = discord.addGuild(GUILD_A, 'Acme', [
      { id: '501', username: 'ada' },
      { id: '502', username: 'grace' },
      { id: '503', username: 'helper-bot', bot: true },
    ]);
    guild.presences.set('501', 'idle');
    const { updates, listener: l } = listen();
    await l.start();
    await waitFor(() => updates.length === 1, 'GUILD_CREATE');

    expect(discord.gatewayLog).toEqual([{ op: 'identify', shard: [0, 1], intents: PRESENCE_INTENTS }]);
    expect(PRESENCE_INTENTS).toBe(259);
    expect(updates[0]?.guildId).toBe(GUILD_A);
    expect(updates[0]?.people.map((p) => [p.personIdentifier, p.name])).toEqual([
      ['501', 'ada'],
      ['502', 'grace'],
    ]);
    expect(updates[0]?.presence.map((p) => [p.personIdentifier, p.status])).toEqual([
      ['501', 'away'],
      ['502', 'offline'],
    ]);

    discord.setPresence(GUILD_A, '502', 'dnd');
    discord.setPresence(GUILD_A, '501', 'online');
    await waitFor(() => updates.length === 3, 'two presence updates');
    expect(updates.slice(1).map((u) => [u.guildId, u.presence[0]?.personIdentifier, u.presence[0]?.status])).toEqual([
      [GUILD_A, '502', 'dnd'],
      [GUILD_A, '501', 'online'],
    ]);
  });

  it('opens as many shards as /gateway/bot says and each shard carries its guilds', async () => {
    discord = await startFakeDiscord({ shards: 2 });
    discord.addGuild(GUILD_A, 'Shard zero', [{ id: '601', username: 'a' }]);
    discord.addGuild(GUILD_B, 'Shard one', [{ id: '602', username: 'b' }]);
    const { updates, listener: l } = listen();
    await l.start();
    await waitFor(() => updates.length === 2, 'both guilds');
    expect(discord.gatewayLog.map((e) => e.shard)).toEqual([
      [0, 2],
      [1, 2],
    ]);
    expect(new Set(updates.map((u) => u.guildId))).toEqual(new Set([GUILD_A, GUILD_B]));
    discord.setPresence(GUILD_B, '602', 'online');
    await waitFor(() => updates.length === 3, 'presence on shard one');
    expect(updates[2]?.guildId).toBe(GUILD_B);
  });

  it('stops with a clear error when the presence intent is not enabled (close code 4014)', async () => {
    discord = await startFakeDiscord();
    discord.presenceIntentEnabled = false;
    const { fatal, listener: l } = listen();
    await l.start();
    await waitFor(() => fatal.length === 1, 'the fatal close');
    expect(fatal[0]?.message).toBe(
      'Discord refused the presence intent (close code 4014): enable the Presence Intent and the Server Members ' +
        'Intent for the bot in the Discord Developer Portal (Bot > Privileged Gateway Intents)',
    );
    expect(fatal[0]?.kind).toBe('configuration');
    expect(l.shardCount).toBe(0);
    expect(discord.gatewayLog.filter((e) => e.op === 'identify')).toHaveLength(1);
  });

  it('resumes the session after a dropped connection and after an op 7 RECONNECT', async () => {
    discord = await startFakeDiscord();
    discord.addGuild(GUILD_A, 'Acme', [{ id: '701', username: 'ada' }]);
    const { updates, listener: l } = listen();
    await l.start();
    await waitFor(() => updates.length === 1 && discord.openSessions() === 1, 'ready');

    discord.dropAll(4000);
    await waitFor(() => discord.gatewayLog.filter((e) => e.op === 'resume').length === 1, 'a resume');
    await waitFor(() => discord.openSessions() === 1, 'the resumed session');
    discord.setPresence(GUILD_A, '701', 'online');
    await waitFor(() => updates.length === 2, 'a presence after the resume');

    discord.requestReconnect();
    await waitFor(() => discord.gatewayLog.filter((e) => e.op === 'resume').length === 2, 'a second resume');
    expect(discord.gatewayLog.map((e) => e.op)).toEqual(['identify', 'resume', 'resume']);
    expect(new Set(discord.gatewayLog.filter((e) => e.op === 'resume').map((e) => e.sessionId)).size).toBe(1);
  });

  it('identifies anew when the session cannot be resumed (close code 4009)', async () => {
    discord = await startFakeDiscord();
    discord.addGuild(GUILD_A, 'Acme', [{ id: '801', username: 'ada' }]);
    const { updates, listener: l } = listen();
    await l.start();
    await waitFor(() => updates.length === 1, 'ready');
    discord.dropAll(4009);
    await waitFor(() => updates.length === 2, 'a second GUILD_CREATE');
    expect(discord.gatewayLog.map((e) => e.op)).toEqual(['identify', 'identify']);
  });

  it('reconnects and resumes when heartbeats stop being acknowledged', async () => {
    discord = await startFakeDiscord({ heartbeatIntervalMs: 30 });
    discord.addGuild(GUILD_A, 'Acme', [{ id: '901', username: 'ada' }]);
    const { updates, listener: l } = listen();
    await l.start();
    await waitFor(() => updates.length === 1, 'ready');
    discord.stopAcking();
    await waitFor(() => discord.gatewayLog.some((e) => e.op === 'resume'), 'a resume after a missed ACK');
    expect(discord.gatewayLog[0]?.op).toBe('identify');
  });

  it('stops with a clear error for a bot token Discord refuses', async () => {
    discord = await startFakeDiscord();
    const failure = await listen({ botToken: 'wrong' })
      .listener.start()
      .catch((e: unknown) => e as ConnectorError);
    expect(failure?.kind).toBe('needs_reauthorization');
    expect(failure?.message).toBe('Discord answered 401: 401: Unauthorized (0)');
  });

  it('lists guild members 1000 a page, without bots', async () => {
    discord = await startFakeDiscord();
    const members = Array.from({ length: 1500 }, (_, i) => ({ id: String(1000 + i), username: `m${i}` }));
    members.push({ id: '9999', username: 'bot', bot: true } as (typeof members)[number] & { bot: boolean });
    discord.addGuild(GUILD_A, 'Big', members);
    const people = await listGuildMembers(discord.apiUrl, discord.botToken, GUILD_A, { debug() {} });
    expect(people).toHaveLength(1500);
    expect(discord.requests.filter((r) => r.path.endsWith('/members')).map((r) => r.query.get('after'))).toEqual([
      '0',
      '1999',
    ]);
  });
});
