import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../db/client.ts';

export interface GuildIntegration {
  id: string;
  accountId: string;
  guildId: string;
}

/** Running Discord integrations by the guild their OAuth install recorded (config.guild_id). */
export async function discordIntegrationsByGuild(db: DbOrTx): Promise<Map<string, GuildIntegration[]>> {
  const result = await db.execute<{ id: string; account_id: string; guild_id: string }>(sql`
    select i.id, i.account_id, i.config->>'guild_id' as guild_id
      from integrations i
      join services s on s.id = i.service_id
      join accounts a on a.id = i.account_id
     where s.provider = 'discord' and i.status = 'active' and i.archived_at is null
       and a.status in ('pending', 'active') and i.config ? 'guild_id'`);
  const byGuild = new Map<string, GuildIntegration[]>();
  for (const r of result.rows) {
    const list = byGuild.get(r.guild_id) ?? [];
    list.push({ id: r.id, accountId: r.account_id, guildId: r.guild_id });
    byGuild.set(r.guild_id, list);
  }
  return byGuild;
}

/** Says on every running Discord integration why the Gateway is down (null clears it). */
export async function setDiscordConnectionError(db: DbOrTx, message: string | null): Promise<void> {
  await db.execute(sql`
    update integrations i set connection_error = ${message}, updated_at = now()
      from services s
     where s.id = i.service_id and s.provider = 'discord' and i.archived_at is null
       and i.connection_error is distinct from ${message}`);
}
