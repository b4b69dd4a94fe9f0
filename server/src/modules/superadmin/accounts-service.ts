import type { AccountStatus } from '@overlap/contract/auth';
import type { AccountsPage, BillingFilter, OperatorAccount, OperatorUsers } from '@overlap/contract/superadmin';
import { asc, eq } from 'drizzle-orm';
import type { Ctx } from '../../core/context.ts';
import { accounts } from '../../db/schema/accounts.ts';
import { users } from '../../db/schema/users.ts';
import { countAccountsByFilter, listOperatorAccounts } from './account-queries.ts';
import { auditOperator, requireOperator, requireOperatorAccount } from './operator.ts';

export async function listAccounts(
  ctx: Ctx,
  input: { page: number; limit: number; status?: AccountStatus; billingFilter?: BillingFilter; search?: string },
  now = new Date(),
): Promise<AccountsPage> {
  requireOperator(ctx);
  const [{ accounts: rows, total }, summary] = await Promise.all([
    listOperatorAccounts(ctx.db, {
      limit: input.limit,
      offset: (input.page - 1) * input.limit,
      status: input.status,
      billingFilter: input.billingFilter,
      search: input.search,
      now,
    }),
    countAccountsByFilter(ctx.db, now),
  ]);
  return {
    accounts: rows,
    pagination: {
      page: input.page,
      limit: input.limit,
      total,
      totalPages: Math.max(1, Math.ceil(total / input.limit)),
    },
    summary,
  };
}

export async function getOperatorAccount(ctx: Ctx, id: string): Promise<OperatorAccount> {
  requireOperator(ctx);
  return requireOperatorAccount(ctx.db, id);
}

/** The operator renames an account (the shared inline editor); recorded in the account's audit log. */
export async function renameOperatorAccount(ctx: Ctx, id: string, name: string): Promise<OperatorAccount> {
  requireOperator(ctx);
  await ctx.db.transaction(async (tx) => {
    const before = await requireOperatorAccount(tx, id);
    await tx.update(accounts).set({ name, updatedAt: new Date() }).where(eq(accounts.id, id));
    await auditOperator(tx, ctx, id, 'account.renamed', { from: before.name, to: name });
  });
  await ctx.deps.notify(id, 'account');
  return requireOperatorAccount(ctx.db, id);
}

export async function listOperatorUsers(ctx: Ctx, id: string): Promise<OperatorUsers> {
  requireOperator(ctx);
  await requireOperatorAccount(ctx.db, id);
  const rows = await ctx.db
    .select({
      id: users.id,
      firstName: users.firstName,
      email: users.email,
      role: users.role,
      emailVerifiedAt: users.emailVerifiedAt,
      createdAt: users.createdAt,
    })
    .from(users)
    .where(eq(users.accountId, id))
    .orderBy(asc(users.createdAt), asc(users.id));
  return {
    users: rows.map((u) => ({
      ...u,
      emailVerifiedAt: u.emailVerifiedAt?.toISOString() ?? null,
      createdAt: u.createdAt.toISOString(),
    })),
  };
}
