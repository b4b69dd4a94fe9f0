import { eq, sql } from 'drizzle-orm';
import pg from 'pg';
import { DiscordListener, type GuildPresence } from '../connectors/discord/listener.ts';
import { listGuildMembers } from '../connectors/discord/rest.ts';
import { ConnectorError } from '../connectors/errors.ts';
import type { PresenceValue, ProviderPerson } from '../connectors/results.ts';
import type { PolledPresence } from '../connectors/types.ts';
import type { AppDeps } from '../core/context.ts';
import { connectionConfig } from '../db/client.ts';
import { integrations } from '../db/schema/integrations.ts';
import { stepMinutesFor } from '../engine/step.ts';
import { applyPolledPresence } from './apply-polled.ts';
import { discordIntegrationsByGuild, type GuildIntegration, setDiscordConnectionError } from './discord-routing.ts';
import { startRun } from './run-recorder.ts';

/** One Gateway connection per bot token: the process holding this advisory lock runs it. */
export const DISCORD_GATEWAY_LOCK = 4_242_301;

export interface HolderOptions {
  /** How often a process without the lock tries to take it (a dead holder is replaced within this). */
  retryMs?: number;
  /** How often presence changes are written. */
  flushMs?: number;
  /** After a fatal close (4014...), wait this long before trying again. */
  fatalRetryMs?: number;
  shard?: ConstructorParameters<typeof DiscordListener>[0]['shard'];
}

interface Known {
  status: PresenceValue;
  name: string | null;
}

interface GuildState {
  members: Map<string, Known>;
  /** Changes since the last write, each at the time Discord sent it. */
  changes: PolledPresence[];
  /** When every member's current status is written again (one sampling step after the last time). */
  nextSnapshotAt: number;
}

/**
 * Holds Discord's Gateway for the whole installation. Exactly one process runs it: the one that
 * gets the PostgreSQL advisory lock on a connection of its own. Others try again every 30 s, so
 * when the holder dies (its connection, and so its lock, goes with it) another takes over within
 * a minute. Presence is routed by guild to the integrations that installed the bot there and
 * written through the block engine: changes at their own time, and every member's current status
 * once per sampling step, so an online member with no change keeps an open block.
 */
export class DiscordGatewayHolder {
  private lockClient: pg.Client | null = null;
  private listener: DiscordListener | null = null;
  private timer: NodeJS.Timeout | null = null;
  private flushTimer: NodeJS.Timeout | null = null;
  private stopped = true;
  private flushing: Promise<void> = Promise.resolve();
  private readonly guilds = new Map<string, GuildState>();
  /** Lock attempts so far (for the run log and tests). */
  attempts = 0;

  constructor(
    private readonly deps: AppDeps,
    private readonly options: HolderOptions = {},
  ) {}

  get holding(): boolean {
    return this.lockClient !== null;
  }

  start(): void {
    if (!this.deps.config.DISCORD_BOT_TOKEN || !this.stopped) return;
    this.stopped = false;
    this.schedule(0);
  }

  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    await this.release();
  }

  private schedule(ms: number): void {
    if (this.stopped) return;
    if (this.timer) clearTimeout(this.timer);
    this.timer = setTimeout(() => {
      this.timer = null;
      this.tryHold().catch((err: unknown) => {
        console.error('[discord] gateway holder:', err instanceof Error ? err.message : err);
        void this.release().then(() => this.schedule(this.options.retryMs ?? 30_000));
      });
    }, ms);
  }

  private async tryHold(): Promise<void> {
    const client = new pg.Client(connectionConfig(this.deps.database.url));
    client.on('error', () => {
      // The lock's connection broke: the lock is gone with it; give way and try again.
      if (this.lockClient === client) void this.release().then(() => this.schedule(this.options.retryMs ?? 30_000));
    });
    await client.connect();
    this.attempts++;
    const { rows } = await client.query<{ held: boolean }>('select pg_try_advisory_lock($1) as held', [
      DISCORD_GATEWAY_LOCK,
    ]);
    if (!rows[0]?.held || this.stopped) {
      await client.end().catch(() => {});
      this.schedule(this.options.retryMs ?? 30_000);
      return;
    }
    this.lockClient = client;
    this.listener = new DiscordListener({
      apiUrl: this.deps.config.DISCORD_API_URL,
      botToken: this.deps.config.DISCORD_BOT_TOKEN ?? '',
      onPresence: (update) => this.receive(update),
      onFatal: (error) => void this.fatal(error),
      shard: this.options.shard,
    });
    try {
      await this.listener.start();
    } catch (err) {
      await this.fatal(
        err instanceof ConnectorError ? err : new ConnectorError('provider', `Discord Gateway: ${String(err)}`),
      );
      return;
    }
    this.flushTimer = setInterval(() => this.queueFlush(), this.options.flushMs ?? 60_000);
  }

  private async fatal(error: ConnectorError): Promise<void> {
    console.error(`[discord] ${error.message}`);
    await setDiscordConnectionError(this.deps.database.db, error.message).catch(() => {});
    await this.release();
    this.schedule(this.options.fatalRetryMs ?? 10 * 60_000);
  }

  private async release(): Promise<void> {
    if (this.flushTimer) clearInterval(this.flushTimer);
    this.flushTimer = null;
    this.listener?.stop();
    this.listener = null;
    await this.flushing.catch(() => {});
    const client = this.lockClient;
    this.lockClient = null;
    if (client) {
      await client.query('select pg_advisory_unlock($1)', [DISCORD_GATEWAY_LOCK]).catch(() => {});
      await client.end().catch(() => {});
    }
  }

  private receive(update: GuildPresence): void {
    let guild = this.guilds.get(update.guildId);
    if (!guild) {
      guild = { members: new Map(), changes: [], nextSnapshotAt: 0 };
      this.guilds.set(update.guildId, guild);
    }
    const names = new Map<string, ProviderPerson>(update.people.map((p) => [p.personIdentifier, p]));
    for (const sample of update.presence) {
      const name = names.get(sample.personIdentifier)?.name ?? guild.members.get(sample.personIdentifier)?.name ?? null;
      guild.members.set(sample.personIdentifier, { status: sample.status, name });
      guild.changes.push({ personIdentifier: sample.personIdentifier, status: sample.status, at: sample.at, name });
    }
    // A guild's first member list (GUILD_CREATE) is written at once: people appear without waiting.
    if (update.people.length > 0) this.queueFlush();
    // A large guild's GUILD_CREATE lists only who is online; the rest come from the member list.
    if (update.memberCount !== undefined && update.memberCount > update.people.length) {
      this.loadMembers(update.guildId).catch((err: unknown) =>
        console.error(`[discord] member list of ${update.guildId}:`, err instanceof Error ? err.message : err),
      );
    }
  }

  private async loadMembers(guildId: string): Promise<void> {
    const members = await listGuildMembers(
      this.deps.config.DISCORD_API_URL,
      this.deps.config.DISCORD_BOT_TOKEN ?? '',
      guildId,
      { debug() {} },
    );
    const guild = this.guilds.get(guildId);
    if (!guild) return;
    const at = new Date();
    for (const person of members) {
      if (guild.members.has(person.personIdentifier)) continue;
      guild.members.set(person.personIdentifier, { status: 'offline', name: person.name });
      guild.changes.push({ personIdentifier: person.personIdentifier, status: 'offline', at, name: person.name });
    }
    this.queueFlush();
  }

  private queueFlush(): void {
    this.flushing = this.flushing
      .then(() => this.flush())
      .catch((err: unknown) => {
        console.error('[discord] writing presence failed:', err instanceof Error ? err.message : err);
      });
  }

  /** Writes pending presence: one run per integration that has changes or is due a snapshot. */
  async flush(now = new Date()): Promise<void> {
    if (this.guilds.size === 0) return;
    const routes = await discordIntegrationsByGuild(this.deps.database.db);
    await setDiscordConnectionError(this.deps.database.db, null);
    for (const [guildId, guild] of this.guilds) {
      const targets = routes.get(guildId) ?? [];
      const snapshot = now.getTime() >= guild.nextSnapshotAt;
      if (guild.changes.length === 0 && !snapshot) continue;
      const samples = [...guild.changes];
      guild.changes = [];
      if (snapshot) {
        for (const [id, known] of guild.members) {
          samples.push({ personIdentifier: id, status: known.status, at: now, name: known.name });
        }
      }
      let step = 5;
      for (const target of targets) {
        step = await stepMinutesFor(this.deps.database.db, target.id);
        await this.write(target, samples, step, now);
      }
      if (snapshot) guild.nextSnapshotAt = now.getTime() + step * 60_000;
    }
  }

  private async write(target: GuildIntegration, samples: PolledPresence[], stepMinutes: number, now: Date) {
    const db = this.deps.database.db;
    const run = await startRun(db, target, 'poll');
    run.debug('milestone', { step: 'gateway presence', samples: samples.length, guildId: target.guildId });
    try {
      await db.transaction((tx) => applyPolledPresence(tx, target, samples, stepMinutes, run, now));
      await run.finish({ peopleFound: new Set(samples.map((s) => s.personIdentifier)).size, eventsCreated: 0 });
      await db
        .update(integrations)
        .set({ lastConnectedAt: sql`coalesce(${integrations.lastConnectedAt}, now())`, consecutiveFailures: 0 })
        .where(eq(integrations.id, target.id));
      await this.deps.notify(target.accountId, 'presence');
    } catch (err) {
      await run.fail(new Error('Overlap could not store the presence Discord sent; it will try again.'));
      throw err;
    }
  }
}
