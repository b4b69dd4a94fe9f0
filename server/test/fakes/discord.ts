import { randomBytes } from 'node:crypto';
import { WebSocket, WebSocketServer } from 'ws';
import { basicCredentials, type FakeReply, type FakeServer, redirectWith, startFakeServer } from './fake-server.ts';
import { codeBook } from './oauth-codes.ts';

export interface FakeDiscordMember {
  id: string;
  username: string;
  bot?: boolean;
}

export interface FakeGuild {
  id: string;
  name: string;
  members: FakeDiscordMember[];
  presences: Map<string, 'online' | 'idle' | 'dnd' | 'offline'>;
}

export interface FakeDiscordOptions {
  clientId?: string;
  clientSecret?: string;
  botToken?: string;
  shards?: number;
  heartbeatIntervalMs?: number;
  /** Guilds with more members than this list only their online members in GUILD_CREATE (Discord: 50 to 250). */
  largeThreshold?: number;
}

interface Session {
  ws: WebSocket;
  shard: [number, number];
  sessionId: string | null;
  seq: number;
}

export interface FakeDiscord extends FakeServer {
  /** DISCORD_API_URL */
  apiUrl: string;
  /** DISCORD_AUTHORIZE_URL */
  authorizeUrl: string;
  clientId: string;
  clientSecret: string;
  botToken: string;
  guilds: Map<string, FakeGuild>;
  /** Whether the bot's Presence Intent is enabled in the developer portal. */
  presenceIntentEnabled: boolean;
  /** Guilds with more members than this list only their online members in GUILD_CREATE. */
  largeThreshold: number;
  /** Every IDENTIFY and RESUME received, in order. */
  gatewayLog: { op: 'identify' | 'resume'; shard?: [number, number]; intents?: number; sessionId?: string }[];
  addGuild(id: string, name: string, members: FakeDiscordMember[]): FakeGuild;
  /** The guild the next bot authorization adds the bot to. */
  nextAuthorizedGuild: string | null;
  setPresence(guildId: string, userId: string, status: 'online' | 'idle' | 'dnd' | 'offline'): void;
  /** Sockets currently identified or resumed. */
  openSessions(): number;
  /** Close every Gateway socket with this code (4000 = unknown error, resumable). */
  dropAll(code: number): void;
  /** Ask every shard to reconnect (op 7). */
  requestReconnect(): void;
  /** Stop answering heartbeats (a zombie connection). */
  stopAcking(): void;
}

const shardOf = (guildId: string, count: number) => Number((BigInt(guildId) >> 22n) % BigInt(count));

/** Discord's REST (OAuth2 token, /gateway/bot, guild members) and its Gateway over `ws`, on loopback. */
export async function startFakeDiscord(options: FakeDiscordOptions = {}): Promise<FakeDiscord> {
  const clientId = options.clientId ?? '1200000000000000001';
  const clientSecret = options.clientSecret ?? 'discord-client-secret';
  const botToken =
    options.botToken ?? `MTIw.${randomBytes(6).toString('base64url')}.${randomBytes(20).toString('base64url')}`;
  const shards = options.shards ?? 1;
  const guilds = new Map<string, FakeGuild>();
  const sessions = new Set<Session>();
  const gatewayLog: FakeDiscord['gatewayLog'] = [];
  const codes = codeBook();
  let acking = true;
  let wsUrl = '';

  const api = (req: Parameters<Parameters<typeof startFakeServer>[0]>[0]): FakeReply => {
    const path = req.path.replace(/^\/api\/v10/, '');
    if (path === '/oauth2/token') {
      const creds = basicCredentials(req.headers);
      if (creds?.user !== clientId || creds.password !== clientSecret) {
        return { status: 401, json: { error: 'invalid_client' } };
      }
      const redeemed = codes.redeem(req.form);
      if ('error' in redeemed)
        return { status: 400, json: { error: redeemed.error, error_description: redeemed.description } };
      const guild = guilds.get(String(redeemed.extra.guildId));
      return {
        json: {
          token_type: 'Bearer',
          access_token: randomBytes(15).toString('base64url'),
          expires_in: 604800,
          refresh_token: randomBytes(15).toString('base64url'),
          scope: 'identify bot',
          guild: guild ? { id: guild.id, name: guild.name, owner_id: '1', features: [] } : undefined,
        },
      };
    }
    if (req.headers.authorization !== `Bot ${botToken}`)
      return { status: 401, json: { message: '401: Unauthorized', code: 0 } };
    if (path === '/gateway/bot') {
      return {
        json: {
          url: wsUrl,
          shards,
          session_start_limit: { total: 1000, remaining: 999, reset_after: 14_400_000, max_concurrency: 1 },
        },
      };
    }
    const members = path.match(/^\/guilds\/(\d+)\/members$/);
    if (members) {
      const guild = guilds.get(members[1] ?? '');
      if (!guild) return { status: 404, json: { message: 'Unknown Guild', code: 10004 } };
      const limit = Math.min(Number(req.query.get('limit') ?? 1), 1000);
      const after = BigInt(req.query.get('after') ?? '0');
      const page = guild.members
        .filter((m) => BigInt(m.id) > after)
        .sort((a, b) => (BigInt(a.id) < BigInt(b.id) ? -1 : 1))
        .slice(0, limit);
      return {
        json: page.map((m) => ({
          user: { id: m.id, username: m.username, bot: m.bot ?? false },
          nick: null,
          roles: [],
        })),
      };
    }
    return { status: 404, json: { message: '404: Not Found', code: 0 } };
  };

  const fake = await startFakeServer((req) => {
    if (req.path === '/oauth2/authorize') {
      if (req.query.get('client_id') !== clientId) return { status: 400, text: 'Unknown application' };
      const guildId = fakeDiscord.nextAuthorizedGuild ?? [...guilds.keys()][0] ?? '';
      const code = codes.issue(req.query, { guildId });
      return redirectWith(req.query.get('redirect_uri') ?? '', {
        code,
        state: req.query.get('state') ?? '',
        guild_id: guildId,
        permissions: req.query.get('permissions') ?? '0',
      });
    }
    return api(req);
  });

  const wss = new WebSocketServer({ server: fake.server, path: '/gateway' });
  wsUrl = `${fake.url.replace('http', 'ws')}/gateway`;
  const dispatch = (session: Session, t: string, d: unknown) => {
    session.seq++;
    session.ws.send(JSON.stringify({ op: 0, t, s: session.seq, d }));
  };
  const guildCreate = (session: Session) => {
    for (const guild of guilds.values()) {
      if (shardOf(guild.id, session.shard[1]) !== session.shard[0]) continue;
      dispatch(session, 'GUILD_CREATE', {
        id: guild.id,
        name: guild.name,
        member_count: guild.members.length,
        members: guild.members.map((m) => ({
          user: { id: m.id, username: m.username, bot: m.bot ?? false },
          roles: [],
        })),
        presences: [...guild.presences]
          .filter(([, s]) => s !== 'offline')
          .map(([id, status]) => ({ user: { id }, status, client_status: { desktop: status } })),
      });
    }
  };
  wss.on('connection', (ws) => {
    const session: Session = { ws, shard: [0, 1], sessionId: null, seq: 0 };
    ws.send(JSON.stringify({ op: 10, d: { heartbeat_interval: options.heartbeatIntervalMs ?? 45_000 } }));
    ws.on('message', (raw) => {
      const msg = JSON.parse(raw.toString()) as { op: number; d: Record<string, unknown> };
      if (msg.op === 1) {
        if (acking) ws.send(JSON.stringify({ op: 11 }));
        return;
      }
      if (msg.op === 2) {
        const shard = (msg.d.shard as [number, number]) ?? [0, 1];
        const intents = Number(msg.d.intents);
        gatewayLog.push({ op: 'identify', shard, intents });
        if (msg.d.token !== botToken) return ws.close(4004, 'Authentication failed.');
        if (shard[1] !== shards) return ws.close(4010, 'Invalid shard.');
        if ((intents & (1 << 8)) !== 0 && !fakeDiscord.presenceIntentEnabled)
          return ws.close(4014, 'Disallowed intent(s).');
        session.shard = shard;
        session.sessionId = randomBytes(8).toString('hex');
        sessions.add(session);
        dispatch(session, 'READY', {
          v: 10,
          user: { id: '1200000000000000099', username: 'overlap', bot: true },
          guilds: [...guilds.values()]
            .filter((g) => shardOf(g.id, shards) === shard[0])
            .map((g) => ({ id: g.id, unavailable: true })),
          session_id: session.sessionId,
          resume_gateway_url: wsUrl,
          shard,
        });
        guildCreate(session);
        return;
      }
      if (msg.op === 6) {
        gatewayLog.push({ op: 'resume', sessionId: String(msg.d.session_id) });
        if (msg.d.token !== botToken) return ws.close(4004, 'Authentication failed.');
        const old = [...sessions].find((s) => s.sessionId === msg.d.session_id);
        if (!old) {
          ws.send(JSON.stringify({ op: 9, d: false }));
          return;
        }
        sessions.delete(old);
        session.shard = old.shard;
        session.sessionId = old.sessionId;
        session.seq = old.seq;
        sessions.add(session);
        dispatch(session, 'RESUMED', {});
      }
    });
    ws.on('close', () => {
      // A closed socket's session stays resumable until another connection resumes it.
      session.ws = ws;
    });
  });

  const fakeDiscord: FakeDiscord = Object.assign(fake, {
    apiUrl: `${fake.url}/api/v10`,
    authorizeUrl: `${fake.url}/oauth2/authorize`,
    clientId,
    clientSecret,
    botToken,
    guilds,
    presenceIntentEnabled: true,
    largeThreshold: options.largeThreshold ?? 250,
    gatewayLog,
    nextAuthorizedGuild: null as string | null,
    addGuild(id: string, name: string, members: FakeDiscordMember[]) {
      const guild: FakeGuild = { id, name, members, presences: new Map() };
      guilds.set(id, guild);
      return guild;
    },
    setPresence(guildId: string, userId: string, status: 'online' | 'idle' | 'dnd' | 'offline') {
      const guild = guilds.get(guildId);
      if (!guild) throw new Error(`no guild ${guildId}`);
      guild.presences.set(userId, status);
      for (const s of sessions) {
        if (s.ws.readyState !== WebSocket.OPEN || shardOf(guildId, s.shard[1]) !== s.shard[0]) continue;
        dispatch(s, 'PRESENCE_UPDATE', {
          user: { id: userId },
          guild_id: guildId,
          status,
          activities: [],
          client_status: {},
        });
      }
    },
    openSessions: () => [...sessions].filter((s) => s.ws.readyState === WebSocket.OPEN).length,
    dropAll(code: number) {
      for (const s of sessions) if (s.ws.readyState === WebSocket.OPEN) s.ws.close(code, 'dropped');
    },
    requestReconnect() {
      for (const s of sessions) if (s.ws.readyState === WebSocket.OPEN) s.ws.send(JSON.stringify({ op: 7, d: null }));
    },
    stopAcking() {
      acking = false;
    },
  });
  const close = fake.close;
  fakeDiscord.close = async () => {
    for (const client of wss.clients) client.terminate();
    await new Promise<void>((resolve) => wss.close(() => resolve()));
    await close();
  };
  return fakeDiscord;
}
