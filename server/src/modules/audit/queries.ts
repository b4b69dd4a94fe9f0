import type { AuditEntry } from '@overlap/contract/audit';
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { auditLog } from '../../db/schema/accounts.ts';

export interface AuditRecord {
  accountId: string | null;
  actorUserId: string | null;
  impersonatorUserId: string | null;
  action: string;
  targetType?: string;
  targetId?: string;
  details?: Record<string, unknown>;
  ip?: string;
}

export async function insertAudit(db: DbOrTx, record: AuditRecord): Promise<void> {
  await db.insert(auditLog).values(record);
}

/** One page of an account's audit log, newest first, with the e-mails of who acted. */
export async function listAccountAudit(
  db: DbOrTx,
  accountId: string,
  options: { limit: number; offset: number; impersonatedOnly: boolean },
): Promise<{ entries: AuditEntry[]; total: number }> {
  const only = options.impersonatedOnly ? sql`and l.impersonator_user_id is not null` : sql``;
  const rows = await db.execute<{
    id: string;
    action: string;
    created_at: Date;
    actor_email: string | null;
    actor_role: string | null;
    operator_email: string | null;
    details: Record<string, unknown> | null;
    total: number;
  }>(sql`
    select l.id, l.action, l.created_at, actor.email as actor_email, actor.role as actor_role,
           op.email as operator_email, l.details, count(*) over ()::int as total
      from audit_log l
      left join users actor on actor.id = l.actor_user_id
      left join users op on op.id = l.impersonator_user_id
     where l.account_id = ${accountId} ${only}
     order by l.created_at desc, l.id
     limit ${options.limit} offset ${options.offset}`);
  const total = rows.rows[0]?.total ?? (await countAccountAudit(db, accountId, options.impersonatedOnly));
  return {
    total,
    entries: rows.rows.map((r) => {
      const impersonated = r.operator_email !== null;
      return {
        id: r.id,
        action: r.action,
        createdAt: new Date(r.created_at).toISOString(),
        actorEmail: r.actor_email,
        operatorEmail: impersonated ? r.operator_email : r.actor_role === 'superadmin' ? r.actor_email : null,
        impersonated,
        details: r.details,
      };
    }),
  };
}

async function countAccountAudit(db: DbOrTx, accountId: string, impersonatedOnly: boolean): Promise<number> {
  const only = impersonatedOnly ? sql`and impersonator_user_id is not null` : sql``;
  const result = await db.execute<{ n: number }>(
    sql`select count(*)::int as n from audit_log where account_id = ${accountId} ${only}`,
  );
  return result.rows[0]?.n ?? 0;
}
