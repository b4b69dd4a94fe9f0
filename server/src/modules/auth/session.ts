import type {} from '@fastify/cookie';
import { and, eq, gt, sql } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Actor, AppDeps } from '../../core/context.ts';
import type { DbOrTx } from '../../db/client.ts';
import { accounts } from '../../db/schema/accounts.ts';
import { sessions, users } from '../../db/schema/users.ts';
import { randomToken, sha256 } from '../../lib/crypto.ts';
import { WriteWatch } from '../../lib/write-watch.ts';

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

type ActorRow = Awaited<ReturnType<ReturnType<typeof actorQuery>['execute']>>[number];

/** The session's row, or null when there is none (unknown, revoked or expired). */
async function findActorRow(db: DbOrTx, hash: string, now: Date): Promise<ActorRow | null> {
  let query = actorQueries.get(db);
  if (!query) {
    query = actorQuery(db);
    actorQueries.set(db, query);
  }
  const [row] = await query.execute({ hash, now });
  return row ?? null;
}

/** The actor of a found session: null for a disabled user (unless an operator acts as them). */
function actorOf(row: ActorRow): Actor | null {
  if (row.role === 'disabled' && !row.impersonatorId) return null;
  const { expiresAt: _e, lastSeenAt: _l, ...actor } = row;
  return actor;
}

/** An impersonation keeps its fixed end: only the operator's own sessions slide. */
const touchDue = (row: ActorRow, now: Date) =>
  !row.impersonatorId && now.getTime() - row.lastSeenAt.getTime() > SESSION_TOUCH_MS;

async function touch(db: DbOrTx, row: ActorRow, now: Date): Promise<void> {
  const expiresAt = new Date(now.getTime() + SESSION_TTL_MS);
  await db.update(sessions).set({ lastSeenAt: now, expiresAt }).where(eq(sessions.id, row.sessionId));
  row.lastSeenAt = now;
  row.expiresAt = expiresAt;
}

export async function findActor(db: DbOrTx, token: string): Promise<Actor | null> {
  const now = new Date();
  const row = await findActorRow(db, sha256(token), now);
  if (!row) return null;
  const actor = actorOf(row);
  if (actor && touchDue(row, now)) await touch(db, row, now);
  return actor;
}

/**
 * How long a process may go on trusting a session it looked up: a change made in ANOTHER process
 * (sign-out, revoked sessions, a user disabled or given another role, an account suspended or
 * terminated) reaches this one's reads within this time. Changes made in this process take effect
 * at once (`ActorCache`), and writes never use the cache.
 */
export const ACTOR_CACHE_MS = 2_000;
/** Past this many sessions the cache starts again empty (a bound on its memory, not an eviction policy). */
const ACTOR_CACHE_MAX = 10_000;

/**
 * The sessions this process looked up in the last `ACTOR_CACHE_MS`, so a signed-in read is one
 * round trip to PostgreSQL (the read) instead of two (the session, then the read). Kept
 * trustworthy by three rules:
 * - only reads use it: a write (POST, PUT, PATCH, DELETE) always looks its session up;
 * - while any write is in progress in this process, reads look up too and fill nothing, and when
 *   a write ends (answered or aborted) the cache is emptied: whatever a write of this process
 *   changed (sign-out, revocation, role, account status) is seen by the next request at once;
 * - an entry is used for `ACTOR_CACHE_MS` at most (changes made by other processes, and by jobs),
 *   never past its session's expiry, and a sliding-expiry refresh still writes as before.
 */
export class ActorCache {
  private entries = new Map<string, { row: ActorRow; until: number }>();
  private writes = new WriteWatch(() => this.entries.clear());

  /** A write started; call the returned function once when it ended (answered or not). */
  writeStarted(): () => void {
    return this.writes.started();
  }

  async find(db: DbOrTx, token: string, write: boolean): Promise<Actor | null> {
    if (write || !this.writes.idle) return findActor(db, token);
    const now = new Date();
    const hash = sha256(token);
    const mark = this.writes.mark();
    const cached = this.entries.get(hash);
    if (cached) {
      if (cached.until > now.getTime() && cached.row.expiresAt > now && !touchDue(cached.row, now)) {
        return actorOf(cached.row);
      }
      this.entries.delete(hash);
    }
    const row = await findActorRow(db, hash, now);
    if (!row) return null;
    const actor = actorOf(row);
    if (!actor) return null;
    if (touchDue(row, now)) await touch(db, row, now);
    // A write that started (or ended) while this one looked up may have changed it: keep nothing.
    if (!this.writes.unchangedSince(mark)) return actor;
    if (this.entries.size >= ACTOR_CACHE_MAX) this.entries.clear();
    this.entries.set(hash, { row, until: now.getTime() + ACTOR_CACHE_MS });
    return actor;
  }
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
