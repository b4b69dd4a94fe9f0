import type { ConnectorError } from '../errors.ts';
import {
  type Clock,
  type ConnectorTrace,
  type ProviderPerson,
  type ProviderSample,
  silentTrace,
  systemClock,
} from '../results.ts';
import { GatewayShard, type ShardOptions } from './gateway.ts';
import { PRESENCE_INTENTS } from './gateway-protocol.ts';
import { type DiscordMember, getGatewayBot, memberToPerson } from './rest.ts';
import { discordStatusToPresence } from './status.ts';

/** What the Gateway told about one guild: members seen and presence samples. */
export interface GuildPresence {
  guildId: string;
  people: ProviderPerson[];
  presence: ProviderSample[];
  /** GUILD_CREATE's member count: a large guild lists only its online members there. */
  memberCount?: number;
}

export interface DiscordListenerOptions {
  /** DISCORD_API_URL, e.g. https://discord.com/api/v10 */
  apiUrl: string;
  botToken: string;
  onPresence(update: GuildPresence): void;
  /** Every shard stopped for a reason that reconnecting cannot fix (close code 4014...). */
  onFatal(error: ConnectorError): void;
  trace?: ConnectorTrace;
  clock?: Clock;
  shard?: Pick<ShardOptions, 'backoffMs' | 'maxBackoffMs' | 'invalidSessionWaitMs'>;
}

interface PresencePayload {
  user?: { id?: string };
  guild_id?: string;
  status?: string;
}

interface GuildCreatePayload {
  id?: string;
  member_count?: number;
  members?: DiscordMember[];
  presences?: PresencePayload[];
}

/** IDENTIFY buckets: shards start `maxConcurrency` at a time, 5 s apart (Discord's rule). */
const IDENTIFY_SPACING_MS = 5_000;

/**
 * One bot's Gateway presence, sharded as GET /gateway/bot says: GUILD_CREATE gives each guild's
 * members and current presences, PRESENCE_UPDATE each change; both are routed by guild id.
 */
export class DiscordListener {
  private shards: GatewayShard[] = [];
  private fatal = false;

  constructor(private readonly options: DiscordListenerOptions) {}

  get shardCount(): number {
    return this.shards.length;
  }

  get connectedShards(): number {
    return this.shards.filter((s) => s.ready).length;
  }

  shardStats() {
    return this.shards.map((s) => ({ ...s.stats }));
  }

  async start(): Promise<void> {
    const trace = this.options.trace ?? silentTrace;
    const clock = this.options.clock ?? systemClock;
    const info = await getGatewayBot(this.options.apiUrl, this.options.botToken, trace);
    trace.debug('milestone', {
      step: 'gateway',
      shards: info.shards,
      maxConcurrency: info.sessionStartLimit.maxConcurrency,
    });
    const count = info.shards;
    for (let id = 0; id < count; id++) {
      if (id > 0 && id % info.sessionStartLimit.maxConcurrency === 0) await clock.sleep(IDENTIFY_SPACING_MS);
      if (this.fatal) return;
      const shard = new GatewayShard({
        ...this.options.shard,
        url: info.url,
        token: this.options.botToken,
        intents: PRESENCE_INTENTS,
        shard: [id, count],
        onDispatch: (type, data) => this.dispatch(type, data),
        onFatal: (error) => this.fail(error),
      });
      this.shards.push(shard);
      shard.start();
    }
  }

  stop(): void {
    for (const shard of this.shards) shard.stop();
    this.shards = [];
  }

  private fail(error: ConnectorError): void {
    if (this.fatal) return;
    this.fatal = true;
    this.stop();
    this.options.onFatal(error);
  }

  private dispatch(type: string, data: unknown): void {
    const at = new Date((this.options.clock ?? systemClock).now());
    if (type === 'GUILD_CREATE') {
      const guild = data as GuildCreatePayload;
      if (!guild.id) return;
      const people = (guild.members ?? []).map(memberToPerson).filter((p): p is ProviderPerson => p !== null);
      const humans = new Set(people.map((p) => p.personIdentifier));
      const seen = new Map<string, ProviderSample>();
      for (const p of guild.presences ?? []) {
        const id = p.user?.id;
        if (id && humans.has(id)) seen.set(id, { personIdentifier: id, status: discordStatusToPresence(p.status), at });
      }
      // Members without a presence entry are offline: Discord only lists the others.
      for (const person of people) {
        if (!seen.has(person.personIdentifier)) {
          seen.set(person.personIdentifier, { personIdentifier: person.personIdentifier, status: 'offline', at });
        }
      }
      this.options.onPresence({
        guildId: guild.id,
        people,
        presence: [...seen.values()],
        ...(typeof guild.member_count === 'number' ? { memberCount: guild.member_count } : {}),
      });
      return;
    }
    if (type === 'PRESENCE_UPDATE') {
      const update = data as PresencePayload;
      const id = update.user?.id;
      if (!id || !update.guild_id) return;
      this.options.onPresence({
        guildId: update.guild_id,
        people: [],
        presence: [{ personIdentifier: id, status: discordStatusToPresence(update.status), at }],
      });
    }
  }
}
