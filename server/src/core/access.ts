import type { UserRole } from '../db/schema/users.ts';
import type { Ctx } from './context.ts';
import { forbidden } from './errors.ts';

const rank: Record<UserRole, number> = { disabled: 0, user: 1, manager: 2, superadmin: 3 };

/**
 * Deny by default: the actor's role must be at least `minimum`. While impersonating, the
 * impersonated user's role applies, except for superadmin-only routes, which stay closed.
 */
export function requireRole(ctx: Ctx, minimum: Exclude<UserRole, 'disabled'>): void {
  if (rank[ctx.role] < rank[minimum]) {
    throw forbidden(
      minimum === 'superadmin'
        ? 'Only platform operators can do this.'
        : minimum === 'manager'
          ? 'Only managers can do this.'
          : 'You do not have permission to do this.',
    );
  }
}
