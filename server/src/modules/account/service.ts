import type { AccountView } from '@overlap/contract/account';
import { eq } from 'drizzle-orm';
import { requireRole } from '../../core/access.ts';
import type { Ctx } from '../../core/context.ts';
import { notFound } from '../../core/errors.ts';
import { effectiveLimits } from '../../core/plans.ts';
import { accounts, auditLog } from '../../db/schema/accounts.ts';
import { countDemoPeople } from './demo-data-service.ts';
import { countStaleIntegrations, findAccount, listAccountIntegrations } from './queries.ts';

export async function getAccount(ctx: Ctx): Promise<AccountView> {
  const account = await findAccount(ctx.db, ctx.accountId);
  if (!account) throw notFound('Account');
  const [integrations, staleCount, demoPeople] = await Promise.all([
    listAccountIntegrations(ctx.db, ctx.accountId),
    countStaleIntegrations(ctx.db, ctx.accountId),
    countDemoPeople(ctx.db, ctx.accountId),
  ]);
  const limits = effectiveLimits(account);
  return {
    id: account.id,
    name: account.name,
    status: account.status,
    createdAt: account.createdAt.toISOString(),
    onboarding: { completed: account.onboardingCompleted },
    billing: {
      currentPlan: limits.plan.id,
      integrationInterval: limits.integrationInterval,
      maxPeople: limits.maxPeople,
    },
    integrations,
    integrationHealth: { hasStaleIntegrations: staleCount > 0, staleCount },
    demoPeople,
    signupData: account.signupData ?? null,
  };
}

/** Renames the account (managers only). */
export async function renameAccount(ctx: Ctx, name: string): Promise<AccountView> {
  requireRole(ctx, 'manager');
  await ctx.db.transaction(async (tx) => {
    const before = await findAccount(tx, ctx.accountId);
    if (!before) throw notFound('Account');
    await tx.update(accounts).set({ name, updatedAt: new Date() }).where(eq(accounts.id, ctx.accountId));
    await tx.insert(auditLog).values({
      accountId: ctx.accountId,
      actorUserId: ctx.userId,
      impersonatorUserId: ctx.impersonatorId,
      action: 'account.renamed',
      targetType: 'account',
      targetId: ctx.accountId,
      details: { from: before.name, to: name },
      ip: ctx.ip,
    });
  });
  await ctx.deps.notify(ctx.accountId, 'account');
  return getAccount(ctx);
}
