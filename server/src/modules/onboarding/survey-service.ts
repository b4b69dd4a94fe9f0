import type { SurveyView, saveSurveyBody } from '@overlap/contract/onboarding';
import { eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { Ctx } from '../../core/context.ts';
import { notFound } from '../../core/errors.ts';
import { accounts, type SignupData, type Survey } from '../../db/schema/accounts.ts';

type SurveyChanges = z.output<typeof saveSurveyBody>;

/**
 * Merges one save of the survey into the account's signup data, leaving its other keys alone;
 * only the fields sent are replaced. Any member may answer it. The row is locked so that the
 * page's rapid saves never lose each other's fields.
 */
export async function saveSurvey(ctx: Ctx, changes: SurveyChanges): Promise<SurveyView> {
  const { completed, ...fields } = changes;
  const sent = Object.fromEntries(Object.entries(fields).filter(([, value]) => value !== undefined)) as Survey;
  let justCompleted = false;
  const saved = await ctx.db.transaction(async (tx) => {
    const [row] = await tx
      .select({ signupData: accounts.signupData })
      .from(accounts)
      .where(eq(accounts.id, ctx.accountId))
      .for('update');
    if (!row) throw notFound('Account');
    // Accounts made without the signup form have no signup data, and the account view needs a source.
    const signupData: SignupData = row.signupData ?? { signupSource: 'api' };
    const survey: Survey = { ...signupData.survey, ...sent };
    if (completed && !survey.completedAt) {
      survey.completedAt = new Date().toISOString();
      justCompleted = true;
    }
    await tx
      .update(accounts)
      .set({ signupData: { ...signupData, survey }, updatedAt: new Date() })
      .where(eq(accounts.id, ctx.accountId));
    return survey;
  });
  // The account view shows whether the survey is done; other open tabs refresh on this.
  if (justCompleted) await ctx.deps.notify(ctx.accountId, 'account');
  return saved;
}
