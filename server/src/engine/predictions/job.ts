import { and, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { people } from '../../db/schema/activity.ts';
import { effectiveTimezone, localDayOf, localMidnightUtc } from '../../lib/zoned-time.ts';
import type { TimeRange } from '../blocks.ts';
import { isoOf } from '../recompute.ts';
import { DEFAULT_MODEL, type PredictionModel, predictSpans } from './model.ts';

export const PREDICTION_DAYS = 7;

/**
 * Recomputes the predicted online spans of every active person of the account for today and the
 * next six local days, from the blocks of the last `weeks` weeks, replacing the stored ones from
 * the start of each person's local today. Four queries per account.
 */
export async function computePredictionsForAccount(
  db: DbOrTx,
  accountId: string,
  now = new Date(),
  model: PredictionModel = DEFAULT_MODEL,
): Promise<{ people: number; spans: number }> {
  const persons = await db
    .select({ id: people.id, manual: people.timezoneManual, automatic: people.timezoneAutomatic })
    .from(people)
    .where(and(eq(people.accountId, accountId), eq(people.status, 'active')));
  if (persons.length === 0) return { people: 0, spans: 0 };
  const t = now.getTime();
  const since = t - (model.weeks * 7 + 2) * 86_400_000;
  const ids = `{${persons.map((p) => p.id).join(',')}}`;
  const blocks = await db.execute<{ person_id: string; start_ms: number; end_ms: number }>(sql`
    select person_id, (extract(epoch from start_time) * 1000)::float8 as start_ms,
           (extract(epoch from coalesce(end_time, ${now.toISOString()}::timestamptz)) * 1000)::float8 as end_ms
      from activity_blocks
     where account_id = ${accountId} and person_id = any(${ids}::uuid[])
       and coalesce(end_time, 'infinity') > ${new Date(since).toISOString()}::timestamptz`);
  const byPerson = new Map<string, TimeRange[]>();
  for (const b of blocks.rows) {
    const list = byPerson.get(b.person_id) ?? [];
    list.push({ start: Math.max(b.start_ms, since), end: Math.min(b.end_ms, t) });
    byPerson.set(b.person_id, list);
  }

  const cutoffs: { person_id: string; from: string }[] = [];
  const rows: { person_id: string; start_time: string; end_time: string; confidence: number; tz: string }[] = [];
  for (const p of persons) {
    const tz = effectiveTimezone(p.manual, p.automatic);
    cutoffs.push({ person_id: p.id, from: isoOf(localMidnightUtc(tz, localDayOf(tz, t))) });
    for (const span of predictSpans(byPerson.get(p.id) ?? [], tz, t, PREDICTION_DAYS, model)) {
      rows.push({
        person_id: p.id,
        start_time: isoOf(span.start),
        end_time: isoOf(span.end),
        confidence: span.confidence,
        tz,
      });
    }
  }
  await db.execute(sql`
    delete from activity_predictions a
     using jsonb_to_recordset(${JSON.stringify(cutoffs)}::jsonb) as c(person_id uuid, "from" timestamptz)
     where a.person_id = c.person_id and a.end_time > c."from"`);
  if (rows.length > 0) {
    await db.execute(sql`
      insert into activity_predictions (account_id, person_id, start_time, end_time, confidence, timezone_at_start)
      select ${accountId}::uuid, r.person_id, r.start_time, r.end_time, r.confidence, r.tz
        from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb)
          as r(person_id uuid, start_time timestamptz, end_time timestamptz, confidence real, tz text)`);
  }
  return { people: persons.length, spans: rows.length };
}

/** Every account with active people: the daily predictions job. */
export async function computeAllPredictions(
  db: DbOrTx,
  now = new Date(),
): Promise<{ accounts: number; spans: number }> {
  const accounts = await db.execute<{ id: string }>(sql`
    select distinct a.id from accounts a join people p on p.account_id = a.id and p.status = 'active'
     where a.status in ('pending', 'active', 'suspended')`);
  let spans = 0;
  for (const a of accounts.rows) spans += (await computePredictionsForAccount(db, a.id, now)).spans;
  return { accounts: accounts.rows.length, spans };
}
