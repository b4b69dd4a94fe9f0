import type { AccountStatus } from '@overlap/contract/auth';
import { type AccountActionResult, DELETE_BEFORE_TERMINATE } from '@overlap/contract/superadmin';
import { eq, sql } from 'drizzle-orm';
import type { Ctx } from '../../core/context.ts';
import { AppError, type ErrorCode } from '../../core/errors.ts';
import { accounts } from '../../db/schema/accounts.ts';
import { discardWaitingPresence, holdPresenceInbox } from '../../pipeline/presence-inbox.ts';
import { auditOperator, requireOperator, requireOperatorAccount } from './operator.ts';

export type StatusAction = 'terminate' | 'delete' | 'suspend' | 'activate';

const refuse = (message: string, code: ErrorCode = 'INVALID_STATE') =>
  new AppError(409, code, message, { error: message });

/** Which statuses each action starts from, and where it leads (spec 001 §4 Account status). */
const TRANSITIONS: Record<
  Exclude<StatusAction, 'delete'>,
  { from: AccountStatus[]; to: AccountStatus; done: string }
> = {
  terminate: { from: ['pending', 'active', 'suspended'], to: 'terminated', done: 'Account terminated' },
  suspend: { from: ['pending', 'active'], to: 'suspended', done: 'Account suspended' },
  activate: { from: ['pending', 'suspended', 'terminated'], to: 'active', done: 'Account activated' },
};
const PAST: Record<StatusAction, string> = {
  terminate: 'terminated',
  suspend: 'suspended',
  activate: 'activated',
  delete: 'deleted',
};

/**
 * Changes an account's status (terminate, suspend, activate) or deletes a terminated account with
 * everything in it. The operators' own account is out of reach, so nobody locks the console out.
 */
export async function runStatusAction(ctx: Ctx, id: string, action: StatusAction): Promise<AccountActionResult> {
  requireOperator(ctx);
  if (id === ctx.accountId) throw refuse(`You cannot ${action} the account you are signed in with.`, 'OWN_ACCOUNT');
  if (action === 'delete') return deleteAccount(ctx, id);
  const rule = TRANSITIONS[action];
  await ctx.db.transaction(async (tx) => {
    const locked = await tx.execute<{ status: AccountStatus }>(
      sql`select status from accounts where id = ${id} for update`,
    );
    const status = locked.rows[0]?.status;
    if (!status) await requireOperatorAccount(tx, id);
    if (!status || !rule.from.includes(status)) throw refuse(`The account is ${status}: it cannot be ${PAST[action]}.`);
    const now = new Date();
    await tx
      .update(accounts)
      .set({
        status: rule.to,
        updatedAt: now,
        ...(rule.to === 'terminated' ? { terminatedAt: now } : {}),
        // An operator's suspension is lifted only by an operator, never by a paid invoice.
        ...(rule.to === 'suspended' ? { suspensionReason: 'operator' as const } : {}),
        ...(rule.to === 'active'
          ? { terminatedAt: null, suspensionReason: null, activatedAt: sql`coalesce(${accounts.activatedAt}, now())` }
          : {}),
      })
      .where(eq(accounts.id, id));
    await auditOperator(tx, ctx, id, `account.${rule.to}`, { from: status, to: rule.to });
  });
  await ctx.deps.notify(id, 'account');
  return { success: true, message: rule.done, account: await requireOperatorAccount(ctx.db, id), redirectTo: null };
}

/** Deletes a terminated account: users, people, integrations and activity go with it. */
async function deleteAccount(ctx: Ctx, id: string): Promise<AccountActionResult> {
  await ctx.db.transaction(async (tx) => {
    // Presence waiting to be applied would otherwise be applied to rows that no longer exist.
    await holdPresenceInbox(tx);
    const locked = await tx.execute<{ status: AccountStatus; name: string }>(
      sql`select status, name from accounts where id = ${id} for update`,
    );
    const row = locked.rows[0];
    if (!row) await requireOperatorAccount(tx, id);
    if (row?.status !== 'terminated') throw refuse(DELETE_BEFORE_TERMINATE, 'NOT_TERMINATED');
    await discardWaitingPresence(tx, sql`account_id = ${id}`);
    await tx.delete(accounts).where(eq(accounts.id, id));
    await auditOperator(tx, ctx, null, 'account.deleted', { accountId: id, name: row.name });
  });
  return { success: true, message: 'Account deleted', account: null, redirectTo: null };
}
