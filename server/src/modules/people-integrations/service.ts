import type {
  PersonIntegrationBlocks,
  PersonIntegrationDetail,
  PersonIntegrationEvents,
} from '@overlap/contract/people';
import { sql } from 'drizzle-orm';
import type { Ctx } from '../../core/context.ts';
import { notFound } from '../../core/errors.ts';
import { eventsOfIdentity } from '../../db/events-of-identity.ts';
import { toBlock, toEvent } from '../activities/read-queries.ts';
import { personIntegrationColumns, personIntegrationJoins, toPersonIntegration } from '../people/person-queries.ts';

type Page = { limit: number; offset: number };

const strip = <T extends { personId: string }>({ personId: _, ...rest }: T) => rest;

async function assertOwned(ctx: Ctx, id: string): Promise<void> {
  const found = await ctx.db.execute(
    sql`select 1 from person_integrations where id = ${id} and account_id = ${ctx.accountId}`,
  );
  if (found.rows.length === 0) throw notFound('Person integration');
}

export async function getPersonIntegration(ctx: Ctx, id: string): Promise<PersonIntegrationDetail> {
  const result = await ctx.db.execute(sql`
    select ${personIntegrationColumns}, p.name as person_name, p.email as person_email, p.status as person_status,
      p.color as person_color
    from person_integrations pi ${personIntegrationJoins} join people p on p.id = pi.person_id
    where pi.id = ${id} and pi.account_id = ${ctx.accountId}`);
  const row = result.rows[0] as Parameters<typeof toPersonIntegration>[0] & {
    person_name: string | null;
    person_email: string | null;
    person_status: 'active' | 'unassigned' | 'ignored';
    person_color: string | null;
  };
  if (!row) throw notFound('Person integration');
  const { personId, ...pi } = toPersonIntegration(row);
  return {
    ...pi,
    person: {
      id: personId,
      name: row.person_name,
      email: row.person_email,
      status: row.person_status,
      color: row.person_color,
    },
  };
}

/** Newest first, `limit` per page from `offset`. */
export async function listPersonIntegrationEvents(ctx: Ctx, id: string, page: Page): Promise<PersonIntegrationEvents> {
  await assertOwned(ctx, id);
  const [rows, total] = await Promise.all([
    ctx.db.execute(sql`
      select e.id, e.person_id, e.kind, e.timestamp, e.title, e.url, e.external_id, e.metadata,
        i.name as integration_name, s.provider as integration_kind, i.config->>'color' as integration_color
      from person_integrations pi
      join activity_events e on ${eventsOfIdentity('e', 'pi')}
      join integrations i on i.id = e.integration_id join services s on s.id = i.service_id
      where pi.id = ${id} and e.account_id = ${ctx.accountId}
      order by e.timestamp desc, e.id limit ${page.limit} offset ${page.offset}`),
    ctx.db.execute<{ n: number }>(sql`
      select count(*)::int as n
        from person_integrations pi join activity_events e on ${eventsOfIdentity('e', 'pi')}
       where pi.id = ${id} and e.account_id = ${ctx.accountId}`),
  ]);
  return {
    events: rows.rows.map((r) => strip(toEvent(r as Parameters<typeof toEvent>[0]))),
    pagination: { total: total.rows[0]?.n ?? 0, offset: page.offset, limit: page.limit },
  };
}

export async function listPersonIntegrationBlocks(ctx: Ctx, id: string, page: Page): Promise<PersonIntegrationBlocks> {
  await assertOwned(ctx, id);
  const [rows, total] = await Promise.all([
    ctx.db.execute(sql`
      select b.id, b.person_id, b.kind, b.start_time, b.end_time, b.timezone_at_start, b.metadata,
        b.integration_id, i.name as integration_name, i.config->>'color' as integration_color
      from activity_blocks b join integrations i on i.id = b.integration_id
      where b.person_integration_id = ${id} and b.account_id = ${ctx.accountId}
      order by b.start_time desc, b.id limit ${page.limit} offset ${page.offset}`),
    ctx.db.execute<{ n: number }>(
      sql`select count(*)::int as n from activity_blocks where person_integration_id = ${id} and account_id = ${ctx.accountId}`,
    ),
  ]);
  const now = new Date();
  return {
    activityBlocks: rows.rows.map((r) => strip(toBlock(r as Parameters<typeof toBlock>[0], now))),
    pagination: { total: total.rows[0]?.n ?? 0, offset: page.offset, limit: page.limit },
  };
}
