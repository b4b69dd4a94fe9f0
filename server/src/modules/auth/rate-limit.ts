import { sql } from 'drizzle-orm';
import { AppError, tooManyRequests } from '../../core/errors.ts';
import type { DbOrTx } from '../../db/client.ts';
import { rateLimits } from '../../db/schema/users.ts';

export interface RateRule {
  /** Short name of the action, e.g. 'login'. */
  action: string;
  /** Per IP, per e-mail, per (e-mail, IP) pair, or per account. */
  scope: 'ip' | 'email' | 'email-ip' | 'account';
  limit: number;
  windowSeconds: number;
}

const MINUTE = 60;
const HOUR = 60 * MINUTE;

/**
 * Limits of the public auth calls. Per-IP limits are generous (offices share an address). Failed
 * sign-ins and codes are counted per (e-mail, client IP) pair and per client IP, never per e-mail
 * alone: a stranger's failures never lock the owner out from another address (docs/decisions.md).
 */
export const RATE_RULES = {
  loginIp: { action: 'login', scope: 'ip', limit: 100, windowSeconds: 15 * MINUTE },
  loginFailuresEmailIp: { action: 'login-failed', scope: 'email-ip', limit: 10, windowSeconds: 15 * MINUTE },
  loginFailuresIp: { action: 'login-failed', scope: 'ip', limit: 50, windowSeconds: 15 * MINUTE },
  signupIp: { action: 'signup', scope: 'ip', limit: 20, windowSeconds: HOUR },
  signupEmail: { action: 'signup', scope: 'email', limit: 5, windowSeconds: HOUR },
  forgotIp: { action: 'forgot-password', scope: 'ip', limit: 20, windowSeconds: HOUR },
  forgotEmail: { action: 'forgot-password', scope: 'email', limit: 5, windowSeconds: HOUR },
  confirmCodeIp: { action: 'confirm-code', scope: 'ip', limit: 30, windowSeconds: 15 * MINUTE },
  confirmCodeEmailIp: { action: 'confirm-code', scope: 'email-ip', limit: 10, windowSeconds: 15 * MINUTE },
  resendIp: { action: 'resend-confirmation', scope: 'ip', limit: 20, windowSeconds: HOUR },
  resendEmail: { action: 'resend-confirmation', scope: 'email', limit: 5, windowSeconds: HOUR },
  inviteAccount: { action: 'invite', scope: 'account', limit: 50, windowSeconds: HOUR },
  inviteEmail: { action: 'invite', scope: 'email', limit: 5, windowSeconds: 24 * HOUR },
} as const satisfies Record<string, RateRule>;

/** The subject of a per-(e-mail, IP) rule. */
export const emailAtIp = (email: string, ip: string) => `${email.toLowerCase()}|${ip}`;

const keyOf = (rule: RateRule, subject: string) => `${rule.action}:${rule.scope}:${subject.toLowerCase()}`;

function refuse(retryAfterSeconds: number) {
  const wait = Math.max(1, retryAfterSeconds);
  const minutes = Math.ceil(wait / 60);
  return tooManyRequests(
    `Too many attempts. Please try again in ${wait < 120 ? `${wait} seconds` : `${minutes} minutes`}.`,
    wait,
  );
}

/**
 * Counts one attempt in a fixed window stored in PostgreSQL (so every server process shares it)
 * and throws 429 with the seconds left once the count passes the limit.
 */
export async function hitRateLimit(db: DbOrTx, rule: RateRule, subject: string): Promise<void> {
  const key = keyOf(rule, subject);
  const result = await db.execute<{ count: number; reset_at: string }>(sql`
    insert into ${rateLimits} (key, count, reset_at)
    values (${key}, 1, now() + make_interval(secs => ${rule.windowSeconds}))
    on conflict (key) do update set
      count = case when ${rateLimits.resetAt} <= now() then 1 else ${rateLimits.count} + 1 end,
      reset_at = case when ${rateLimits.resetAt} <= now() then excluded.reset_at else ${rateLimits.resetAt} end
    returning count, reset_at`);
  const row = result.rows[0];
  if (row && Number(row.count) > rule.limit) {
    throw refuse(Math.ceil((new Date(row.reset_at).getTime() - Date.now()) / 1000));
  }
}

/** Throws 429 when the window is already full, without counting (for limits counted on failure only). */
export async function checkRateLimit(db: DbOrTx, rule: RateRule, subject: string): Promise<void> {
  const result = await db.execute<{ count: number; reset_at: string }>(sql`
    select count, reset_at from ${rateLimits} where key = ${keyOf(rule, subject)} and reset_at > now()`);
  const row = result.rows[0];
  if (row && Number(row.count) >= rule.limit) {
    throw refuse(Math.ceil((new Date(row.reset_at).getTime() - Date.now()) / 1000));
  }
}

/** Counts one failure without refusing this request (the next one is refused by `checkRateLimit`). */
export async function countFailure(db: DbOrTx, rule: RateRule, subject: string): Promise<void> {
  await hitRateLimit(db, rule, subject).catch((err: unknown) => {
    if (!(err instanceof AppError && err.statusCode === 429)) throw err;
  });
}
