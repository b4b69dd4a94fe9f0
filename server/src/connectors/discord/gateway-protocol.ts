/** Gateway opcodes (API v10). */
export const Op = {
  Dispatch: 0,
  Heartbeat: 1,
  Identify: 2,
  Resume: 6,
  Reconnect: 7,
  InvalidSession: 9,
  Hello: 10,
  HeartbeatAck: 11,
} as const;

/** GUILDS | GUILD_MEMBERS | GUILD_PRESENCES: member lists and presence updates of each guild. */
export const PRESENCE_INTENTS = (1 << 0) | (1 << 1) | (1 << 8);

/** Close codes after which reconnecting cannot help: the bot's setup has to change. */
export const FATAL_CLOSE_CODES: Record<number, string> = {
  4004: 'Discord refused the bot token (close code 4004): check DISCORD_BOT_TOKEN',
  4010: 'Discord refused the shard (close code 4010)',
  4011: 'Discord asks for more shards (close code 4011)',
  4012: 'Discord refused the Gateway version (close code 4012)',
  4013: 'Discord refused the intents (close code 4013)',
  4014:
    'Discord refused the presence intent (close code 4014): enable the Presence Intent and the Server Members ' +
    'Intent for the bot in the Discord Developer Portal (Bot > Privileged Gateway Intents)',
};

/** Close codes after which the session cannot be resumed: identify anew. */
export const NEW_SESSION_CLOSE_CODES = new Set([4007, 4009]);

export interface GatewayPayload {
  op: number;
  d?: unknown;
  s?: number | null;
  t?: string | null;
}
