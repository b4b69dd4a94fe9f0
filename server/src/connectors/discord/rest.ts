import { ConnectorError } from '../errors.ts';
import { requestJson } from '../http.ts';
import type { ConnectorTrace, ProviderPerson } from '../results.ts';

export interface GatewayBotInfo {
  url: string;
  shards: number;
  sessionStartLimit: { total: number; remaining: number; resetAfterMs: number; maxConcurrency: number };
}

export interface DiscordUser {
  id?: string;
  username?: string;
  global_name?: string | null;
  bot?: boolean;
}

export interface DiscordMember {
  user?: DiscordUser;
  nick?: string | null;
}

const discordMessage = (body: unknown) => {
  const b = body as { message?: string; code?: number } | null;
  return b?.message ? `${b.message}${b.code !== undefined ? ` (${b.code})` : ''}` : null;
};

const endpoint = (apiUrl: string, path: string) => `${apiUrl.replace(/\/+$/, '')}/${path}`;

function client(trace: ConnectorTrace) {
  return { provider: 'Discord', trace, messageOf: discordMessage };
}

/** GET /gateway/bot: where to connect and how many shards the bot's guild count needs. */
export async function getGatewayBot(apiUrl: string, botToken: string, trace: ConnectorTrace): Promise<GatewayBotInfo> {
  const info = await requestJson<{
    url?: string;
    shards?: number;
    session_start_limit?: { total?: number; remaining?: number; reset_after?: number; max_concurrency?: number };
  }>(client(trace), { url: endpoint(apiUrl, 'gateway/bot'), headers: { authorization: `Bot ${botToken}` } });
  if (typeof info.url !== 'string' || typeof info.shards !== 'number') {
    throw new ConnectorError('malformed', 'Discord answered /gateway/bot without url and shards');
  }
  const limit = info.session_start_limit ?? {};
  return {
    url: info.url,
    shards: Math.max(1, info.shards),
    sessionStartLimit: {
      total: limit.total ?? 1000,
      remaining: limit.remaining ?? 1000,
      resetAfterMs: limit.reset_after ?? 0,
      maxConcurrency: Math.max(1, limit.max_concurrency ?? 1),
    },
  };
}

export function memberToPerson(member: DiscordMember): ProviderPerson | null {
  const user = member.user;
  if (!user?.id || user.bot) return null;
  return {
    personIdentifier: user.id,
    name: member.nick || user.global_name || user.username || null,
    email: null,
    timezone: null,
  };
}

/** Every human member of a guild (GUILD_MEMBERS intent), 1000 a page after the last id. */
export async function listGuildMembers(
  apiUrl: string,
  botToken: string,
  guildId: string,
  trace: ConnectorTrace,
): Promise<ProviderPerson[]> {
  const people: ProviderPerson[] = [];
  let after = '0';
  for (;;) {
    const page = await requestJson<DiscordMember[]>(client(trace), {
      url: endpoint(apiUrl, `guilds/${encodeURIComponent(guildId)}/members?limit=1000&after=${after}`),
      headers: { authorization: `Bot ${botToken}` },
    });
    if (!Array.isArray(page)) throw new ConnectorError('malformed', 'Discord listed members without an array');
    for (const member of page) {
      const person = memberToPerson(member);
      if (person) people.push(person);
    }
    const last = page.at(-1)?.user?.id;
    if (page.length < 1000 || !last) break;
    after = last;
  }
  return people;
}
