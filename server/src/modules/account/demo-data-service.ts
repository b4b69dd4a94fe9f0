import type { RemovedDemoData } from '@overlap/contract/account';
import { sql } from 'drizzle-orm';
import { requireRole } from '../../core/access.ts';
import type { Ctx } from '../../core/context.ts';
import type { DbOrTx } from '../../db/client.ts';
import { auditLog } from '../../db/schema/accounts.ts';
import { refreshRollups } from '../../engine/rollups.ts';
import { holdPresenceInbox } from '../../pipeline/presence-inbox.ts';

const ROLLUP_REFRESH_DAYS = 400;

/** How many demo people the account has (they are outside the plan's people limit). */
export async function countDemoPeople(db: DbOrTx, accountId: string): Promise<number> {
  const result = await db.execute<{ n: number }>(
    sql`select count(*)::int as n from people where account_id = ${accountId} and is_demo`,
  );
  return result.rows[0]?.n ?? 0;
}

/**
 * 'Remove demo data' (managers): in one transaction, the account's Demo Data integrations and demo
 * people go, with their samples, blocks, events, predictions and rollups. A real person who had a
 * demo identity merged in keeps the rest of their activity; their rollups are recomputed.
 */
export async function removeDemoData(ctx: Ctx): Promise<RemovedDemoData> {
  requireRole(ctx, 'manager');
  const removed = await ctx.db.transaction(async (tx) => {
    // Samples, waiting presence and events of the demo go: the pump's rounds wait until it commits.
    await holdPresenceInbox(tx);
    const demoIntegrations = sql`select i.id from integrations i join services s on s.id = i.service_id
      where i.account_id = ${ctx.accountId} and s.provider = 'demo'`;
    const demoPeople = sql`select id from people where account_id = ${ctx.accountId} and is_demo`;
    const kept = await tx.execute<{ person_id: string }>(sql`
      select distinct pi.person_id from person_integrations pi
       where pi.account_id = ${ctx.accountId} and pi.integration_id in (${demoIntegrations})
         and pi.person_id not in (${demoPeople})`);
    await tx.execute(sql`
      delete from presence_samples s using person_integrations pi
       where s.person_integration_id = pi.id and pi.account_id = ${ctx.accountId}
         and (pi.integration_id in (${demoIntegrations}) or pi.person_id in (${demoPeople}))`);
    await tx.execute(sql`delete from presence_inbox where account_id = ${ctx.accountId}
      and integration_id in (${demoIntegrations})`);
    const integrationsGone = await tx.execute<{ id: string }>(
      sql`delete from integrations where id in (${demoIntegrations}) returning id`,
    );
    const peopleGone = await tx.execute<{ id: string }>(
      sql`delete from people where account_id = ${ctx.accountId} and is_demo returning id`,
    );
    const keptIds = kept.rows.map((r) => r.person_id);
    if (keptIds.length > 0) {
      const now = new Date();
      await refreshRollups(tx, keptIds, new Date(now.getTime() - ROLLUP_REFRESH_DAYS * 86_400_000), now, now);
    }
    const result = { removedPeople: peopleGone.rows.length, removedIntegrations: integrationsGone.rows.length };
    await tx.insert(auditLog).values({
      accountId: ctx.accountId,
      actorUserId: ctx.userId,
      impersonatorUserId: ctx.impersonatorId,
      action: 'account.demo_data_removed',
      targetType: 'account',
      targetId: ctx.accountId,
      details: result,
      ip: ctx.ip,
    });
    return result;
  });
  await ctx.deps.notify(ctx.accountId, 'people');
  await ctx.deps.notify(ctx.accountId, 'integrations');
  return removed;
}
