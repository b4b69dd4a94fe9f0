import { type OnboardingState, uniqueNames } from '@overlap/contract/onboarding';
import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import { requireRole } from '../../core/access.ts';
import type { Ctx } from '../../core/context.ts';
import { notFound } from '../../core/errors.ts';
import { accounts, type SignupData } from '../../db/schema/accounts.ts';
import { integrations, services } from '../../db/schema/integrations.ts';
import { findAccount } from '../account/queries.ts';

/** Whether the wizard is required, with what the wizard needs to resume (any member). */
export async function getOnboardingState(ctx: Ctx): Promise<OnboardingState> {
  const account = await findAccount(ctx.db, ctx.accountId);
  if (!account) throw notFound('Account');
  const rows = await ctx.db
    .select({
      id: integrations.id,
      name: integrations.name,
      status: integrations.status,
      provider: services.provider,
      lastConnectedAt: integrations.lastConnectedAt,
      createdAt: integrations.createdAt,
    })
    .from(integrations)
    .innerJoin(services, eq(services.id, integrations.serviceId))
    .where(and(eq(integrations.accountId, ctx.accountId), isNull(integrations.archivedAt)))
    .orderBy(asc(integrations.createdAt));
  return {
    onboarding: { completed: account.onboardingCompleted, nextAction: account.onboardingNextAction },
    account: {
      integrations: rows.map((r) => ({
        id: r.id,
        name: r.name,
        status: r.status,
        provider: r.provider,
        isActivated: r.lastConnectedAt !== null,
        createdAt: r.createdAt.toISOString(),
      })),
      plan: account.plan,
    },
  };
}

/**
 * Remembers the chat app a team really uses when it starts with demo data, in the signup data's
 * requestedIntegrations (other keys untouched). The row is locked so concurrent saves merge.
 */
export async function saveCustomChatApp(ctx: Ctx, name: string): Promise<{ success: true }> {
  await ctx.db.transaction(async (tx) => {
    const [row] = await tx
      .select({ signupData: accounts.signupData })
      .from(accounts)
      .where(eq(accounts.id, ctx.accountId))
      .for('update');
    if (!row) throw notFound('Account');
    // Accounts made without the signup form have no signup data, and the account view needs a source.
    const signupData: SignupData = row.signupData ?? { signupSource: 'api' };
    const requestedIntegrations = uniqueNames([...(signupData.requestedIntegrations ?? []), name]);
    await tx
      .update(accounts)
      .set({ signupData: { ...signupData, requestedIntegrations }, updatedAt: new Date() })
      .where(eq(accounts.id, ctx.accountId));
  });
  return { success: true };
}

/**
 * Ends the wizard (managers). Idempotent: the first completion time stays. An account still
 * pending becomes active here, as it would on its founder's first password.
 */
export async function completeOnboarding(ctx: Ctx) {
  requireRole(ctx, 'manager');
  const wasPending = sql`${accounts.status} = 'pending'`;
  const updated = await ctx.db
    .update(accounts)
    .set({
      onboardingCompleted: true,
      onboardingNextAction: 'none',
      onboardingCompletedAt: sql`coalesce(${accounts.onboardingCompletedAt}, now())`,
      status: sql`case when ${wasPending} then 'active' else ${accounts.status} end`,
      activatedAt: sql`case when ${wasPending} then coalesce(${accounts.activatedAt}, now()) else ${accounts.activatedAt} end`,
      updatedAt: new Date(),
    })
    .where(eq(accounts.id, ctx.accountId))
    .returning({ id: accounts.id });
  if (updated.length === 0) throw notFound('Account');
  await ctx.deps.notify(ctx.accountId, 'account');
  return { success: true as const, onboarding: { completed: true as const, nextAction: 'none' as const } };
}
