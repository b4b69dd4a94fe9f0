import { sql } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { DbOrTx } from '../../db/client.ts';
import { apiCalls } from '../../db/schema/integrations.ts';
import type { AppDeps } from '../../http/deps.ts';

/** Request and response bodies are kept up to this many characters. */
export const API_CALL_BODY_LIMIT = 4096;
/** Retention: the newest 1,000 calls per integration, and none older than 14 days. */
export const API_CALLS_KEPT_PER_INTEGRATION = 1000;
export const API_CALLS_RETENTION_DAYS = 14;

export function truncateBody(value: unknown): string | null {
  if (value === undefined || value === null) return null;
  const text =
    typeof value === 'string' ? value : Buffer.isBuffer(value) ? value.toString('utf8') : JSON.stringify(value);
  return text.length > API_CALL_BODY_LIMIT ? `${text.slice(0, API_CALL_BODY_LIMIT - 1)}…` : text;
}

/** Keeps one integration's log at its bound; called now and then by the logger itself. */
async function trimIntegrationLog(db: DbOrTx, integrationId: string): Promise<void> {
  await db.execute(sql`
    delete from api_calls
     where integration_id = ${integrationId}
       and id < (select id from api_calls where integration_id = ${integrationId}
                  order by id desc offset ${API_CALLS_KEPT_PER_INTEGRATION - 1} limit 1)`);
}

/**
 * Retention of the push API's bookkeeping: api_calls beyond the newest 1,000 per integration or
 * older than 14 days, and rate-limit windows older than an hour. Safe to run from any job.
 */
export async function pruneApiCalls(db: DbOrTx): Promise<{ deleted: number }> {
  const old = await db.execute(
    sql`delete from api_calls where created_at < now() - make_interval(days => ${API_CALLS_RETENTION_DAYS})`,
  );
  const excess = await db.execute(sql`
    delete from api_calls a
     using (select id from (select id, row_number() over (partition by integration_id order by id desc) as rn
                              from api_calls) ranked
             where ranked.rn > ${API_CALLS_KEPT_PER_INTEGRATION}) extra
     where a.id = extra.id`);
  await db.execute(sql`delete from api_rate_limits where window_start < now() - interval '1 hour'`);
  return { deleted: (old.rowCount ?? 0) + (excess.rowCount ?? 0) };
}

/** onSend hook of the push API: every call with a known key lands in the integration's API call log. */
export function logApiCall(deps: AppDeps) {
  return async (request: FastifyRequest, reply: FastifyReply, payload: unknown): Promise<unknown> => {
    const integration = request.pushIntegration;
    if (!integration) return payload;
    try {
      const [row] = await deps.database.db
        .insert(apiCalls)
        .values({
          integrationId: integration.id,
          accountId: integration.accountId,
          method: request.method,
          endpoint: request.routeOptions.url ?? request.url,
          statusCode: reply.statusCode,
          durationMs: Math.round(reply.elapsedTime),
          payload: truncateBody(request.body),
          response: truncateBody(payload),
        })
        .returning({ id: apiCalls.id });
      if (row && row.id % 100 === 0) await trimIntegrationLog(deps.database.db, integration.id);
    } catch (err) {
      request.log.error({ err }, 'could not write the API call log');
    }
    return payload;
  };
}
