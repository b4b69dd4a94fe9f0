import type { FastifyRequest } from 'fastify';
import type pg from 'pg';
import type { AppDeps } from '../../core/context.ts';
import { accountBlocked, forbidden, tooManyRequests, unauthorized } from '../../core/errors.ts';
import type { AccountStatus } from '../../db/schema/accounts.ts';
import { sha256 } from '../../lib/crypto.ts';
import { type Batcher, batcherPerOwner } from '../../pipeline/group-batcher.ts';
import { hitRateLimit, type RateRule } from '../auth/rate-limit.ts';
import { decideRateLimit, type RateLimitDecision } from './rate-limit.ts';

/** Failed push authentications one client IP may make in 15 minutes. */
export const PUSH_AUTH_FAILURES: RateRule = {
  action: 'push-auth-failed',
  scope: 'ip',
  limit: 30,
  windowSeconds: 15 * 60,
};

/** The integration a push API key belongs to, resolved once per request. */
export interface PushIntegration {
  id: string;
  accountId: string;
  name: string;
  status: 'active' | 'inactive';
  archivedAt: Date | null;
  lastConnectedAt: Date | null;
  accountStatus: AccountStatus;
  keyHash: string;
}

declare module 'fastify' {
  interface FastifyRequest {
    pushIntegration: PushIntegration | null;
  }
}

const BEARER = /^Bearer\s+(\S+)\s*$/i;

interface KeyRow extends Record<string, unknown> {
  id: string;
  account_id: string;
  name: string;
  status: 'active' | 'inactive';
  archived_at: Date | null;
  last_connected_at: Date | null;
  account_status: AccountStatus;
  count: number | null;
  remaining: number | null;
}

function integrationOf(row: KeyRow, keyHash: string): PushIntegration {
  return {
    id: row.id,
    accountId: row.account_id,
    name: row.name,
    status: row.status,
    archivedAt: row.archived_at ? new Date(row.archived_at) : null,
    lastConnectedAt: row.last_connected_at ? new Date(row.last_connected_at) : null,
    accountStatus: row.account_status,
    keyHash,
  };
}

/**
 * The key lookups of concurrent push requests, one statement per group: each key's integration and,
 * in the same statement, the group's requests counted in the key's one-minute window (one atomic
 * increment by the number of requests, so the count stays exact across processes). Unknown keys
 * count nothing. Prepared once per connection.
 */
const LOOKUP_SQL = `
with req as (select h, count(*)::int as n from unnest($1::text[]) as h group by h),
found as (
  select i.id, i.account_id, i.name, i.status, i.archived_at, i.last_connected_at, a.status as account_status,
         i.api_key_hash as h
    from integrations i join accounts a on a.id = i.account_id
   where i.api_key_hash in (select h from req)
),
counted as (
  insert into api_rate_limits (key_hash, window_start, count)
  select r.h, date_trunc('minute', now()), r.n from req r where r.h in (select h from found)
  on conflict (key_hash, window_start) do update set count = api_rate_limits.count + excluded.count
  returning key_hash, count, ceil(extract(epoch from (window_start + interval '1 minute' - now())))::int as remaining
)
select f.*, c.count, c.remaining from found f left join counted c on c.key_hash = f.h`;

interface Counted {
  row: KeyRow;
  /** This request's number in the key's window (1 = first). */
  position: number;
}

const keyLookup: (pool: pg.Pool) => Batcher<string, Counted | null> = batcherPerOwner((pool: pg.Pool) => ({
  run: async (hashes) => {
    const result = await pool.query<KeyRow & { h: string }>({
      name: 'push_key_lookup',
      text: LOOKUP_SQL,
      values: [hashes],
    });
    const byHash = new Map(result.rows.map((r) => [r.h, r]));
    const asked = new Map<string, number>();
    for (const h of hashes) asked.set(h, (asked.get(h) ?? 0) + 1);
    const seen = new Map<string, number>();
    return hashes.map((h) => {
      const row = byHash.get(h);
      if (!row) return null;
      if (row.count === null || row.remaining === null) throw new Error('rate limit counter returned nothing');
      const nth = (seen.get(h) ?? 0) + 1;
      seen.set(h, nth);
      return { row, position: row.count - (asked.get(h) ?? 1) + nth };
    });
  },
  maxItems: 256,
  maxRows: 256,
  windowMs: 0,
  maxInFlight: 2,
}));

/**
 * The integration of `apiKey` and this request counted in the key's rate-limit window (grouped with
 * the concurrent requests of this process: one write per group, not per request). Unknown keys
 * count nothing.
 */
async function findIntegrationCounting(
  deps: AppDeps,
  apiKey: string,
  perMinute: number,
): Promise<{ integration: PushIntegration; decision: RateLimitDecision } | null> {
  const keyHash = sha256(apiKey);
  const counted = await keyLookup(deps.database.pool).submit(keyHash);
  if (!counted) return null;
  const { row, position } = counted;
  const decision = await decideRateLimit(deps.database.db, keyHash, perMinute, {
    count: position,
    remaining: row.remaining as number,
  });
  return { integration: integrationOf(row, keyHash), decision };
}

/**
 * Counts a failed authentication of the client IP; past the limit (30 in 15 minutes) the answer is
 * 429 with Retry-After instead of 401. Only failures are counted, so good keys cost no extra query.
 */
async function refuseRepeatedFailure(deps: AppDeps, ip: string): Promise<void> {
  await hitRateLimit(deps.database.db, PUSH_AUTH_FAILURES, ip);
}

/**
 * onRequest hook of the push API: Bearer key -> integration (401), per-key rate limit (429),
 * then stopped/archived integrations and suspended/terminated accounts (403). Runs before the
 * body is read, so a refused request costs no parsing.
 */
export function authenticatePush(deps: AppDeps) {
  return async (request: FastifyRequest): Promise<void> => {
    const match = BEARER.exec(request.headers.authorization ?? '');
    if (!match?.[1]) {
      await refuseRepeatedFailure(deps, request.ip);
      throw unauthorized('Send the integration API key as "Authorization: Bearer <key>".');
    }
    const limit = deps.config.INGEST_RATE_LIMIT_PER_MINUTE;
    const found = await findIntegrationCounting(deps, match[1], limit);
    if (!found) {
      await refuseRepeatedFailure(deps, request.ip);
      throw unauthorized('The API key is not valid. It may have been regenerated.');
    }
    const { integration, decision } = found;
    request.pushIntegration = integration;

    if (!decision.allowed) {
      throw tooManyRequests(
        `Rate limit of ${limit} requests per minute per API key exceeded. Retry in ${decision.retryAfterSeconds} s.`,
        decision.retryAfterSeconds,
      );
    }
    if (integration.accountStatus === 'suspended' || integration.accountStatus === 'terminated') throw accountBlocked();
    if (integration.archivedAt) throw forbidden('This integration is archived and no longer accepts data.');
    if (integration.status !== 'active') {
      throw forbidden('This integration is stopped. Start it in Overlap to accept data again.');
    }
  };
}
