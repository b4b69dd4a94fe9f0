import type { MyInfo, UpdatePreferencesBody } from '@overlap/contract/profile';
import { eq } from 'drizzle-orm';
import type { Ctx } from '../../core/context.ts';
import { notFound } from '../../core/errors.ts';
import { users } from '../../db/schema/users.ts';

export async function getMyInfo(ctx: Ctx): Promise<MyInfo> {
  const [user] = await ctx.db.select().from(users).where(eq(users.id, ctx.userId)).limit(1);
  if (!user) throw notFound('User');
  return {
    id: user.id,
    email: user.email,
    role: user.role,
    lastLogin: user.lastLogin?.toISOString() ?? null,
    createdAt: user.createdAt.toISOString(),
    accountName: ctx.accountName,
    timeFormat: user.timeFormat ?? null,
    timeZone: user.timeZone ?? null,
  };
}

/** Saves the signed-in user's time format and timezone (any role); fields left out stay as they are. */
export async function updatePreferences(ctx: Ctx, body: UpdatePreferencesBody): Promise<MyInfo> {
  const patch: Partial<typeof users.$inferInsert> = {};
  if (body.timeFormat !== undefined) patch.timeFormat = body.timeFormat;
  if (body.timeZone !== undefined) patch.timeZone = body.timeZone?.trim() ?? null;
  if (Object.keys(patch).length > 0) {
    await ctx.db
      .update(users)
      .set({ ...patch, updatedAt: new Date() })
      .where(eq(users.id, ctx.userId));
  }
  return getMyInfo(ctx);
}
