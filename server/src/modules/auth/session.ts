import type {} from '@fastify/cookie';
import { and, eq, gt, sql } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Actor, AppDeps } from '../../core/context.ts';
import type { DbOrTx } from '../../db/client.ts';
import { accounts } from '../../db/schema/accounts.ts';
import { sessions, users } from '../../db/schema/users.ts';
import { randomToken, sha256 } from '../../lib/crypto.ts';

export const SESSION_COOKIE = 'overlap_session';
export const SESSION_TTL_MS = 14 * 24 * 60 * 60 * 1000;
/** Sliding expiry is refreshed at most this often, so reads don't write on every request. */
const SESSION_TOUCH_MS = 60 * 60 * 1000;

export async function createSession(
  db: DbOrTx,
  userId: string,
  meta: { ip?: string; userAgent?: string; impersonatorUserId?: string | null; ttlMs?: number } = {},
): Promise<string> {
  const token = randomToken();
  await db.insert(sessions).values({
    tokenHash: sha256(token),
    userId,
    impersonatorUserId: meta.impersonatorUserId ?? null,
    expiresAt: new Date(Date.now() + (meta.ttlMs ?? SESSION_TTL_MS)),
    ip: meta.ip,
    userAgent: meta.userAgent?.slice(0, 500),
  });
  return token;
}

export async function revokeUserSessions(db: DbOrTx, userId: string): Promise<void> {
  await db.delete(sessions).where(eq(sessions.userId, userId));
}

export async function revokeSession(db: DbOrTx, token: string): Promise<void> {
  await db.delete(sessions).where(eq(sessions.tokenHash, sha256(token)));
}

/**
 * The session with its user and account, as a named prepared statement: looked up on every
 * signed-in request, it is parsed and planned once per pooled connection.
 */
function actorQuery(db: DbOrTx) {
  return db
    .select({
      sessionId: sessions.id,
      expiresAt: sessions.expiresAt,
      lastSeenAt: sessions.lastSeenAt,
      impersonatorId: sessions.impersonatorUserId,
      userId: users.id,
      email: users.email,
      role: users.role,
      accountId: accounts.id,
      accountName: accounts.name,
      accountStatus: accounts.status,
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .innerJoin(accounts, eq(accounts.id, users.accountId))
    .where(and(eq(sessions.tokenHash, sql.placeholder('hash')), gt(sessions.expiresAt, sql.placeholder('now'))))
    .limit(1)
    .prepare('find_actor');
}

const actorQueries = new WeakMap<DbOrTx, ReturnType<typeof actorQuery>>();

export async function findActor(db: DbOrTx, token: string): Promise<Actor | null> {
  const now = new Date();
  let query = actorQueries.get(db);
  if (!query) {
    query = actorQuery(db);
    actorQueries.set(db, query);
  }
  const [row] = await query.execute({ hash: sha256(token), now });
  if (!row) return null;
  if (row.role === 'disabled' && !row.impersonatorId) return null;
  // An impersonation keeps its fixed end: only the operator's own sessions slide.
  if (!row.impersonatorId && now.getTime() - row.lastSeenAt.getTime() > SESSION_TOUCH_MS) {
    await db
      .update(sessions)
      .set({ lastSeenAt: now, expiresAt: new Date(now.getTime() + SESSION_TTL_MS) })
      .where(eq(sessions.id, row.sessionId));
  }
  const { expiresAt: _e, lastSeenAt: _l, ...actor } = row;
  return actor;
}

export function setSessionCookie(deps: AppDeps, reply: FastifyReply, token: string): void {
  reply.setCookie(SESSION_COOKIE, token, {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    secure: deps.config.publicUrl.startsWith('https://'),
    maxAge: Math.floor(SESSION_TTL_MS / 1000),
  });
}

export function clearSessionCookie(reply: FastifyReply): void {
  reply.clearCookie(SESSION_COOKIE, { path: '/' });
}

export function sessionToken(request: FastifyRequest): string | undefined {
  return request.cookies[SESSION_COOKIE];
}
