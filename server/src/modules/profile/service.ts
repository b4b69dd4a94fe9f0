import type { MyInfo } from '@overlap/contract/profile';
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
  };
}
