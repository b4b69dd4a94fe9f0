import type pg from 'pg';

export const PEOPLE = 100;
export const DAYS = 365;
const TIMEZONES = ['Europe/Berlin', 'America/New_York', 'Asia/Tokyo', 'UTC', 'America/Los_Angeles', 'Asia/Kolkata'];

export interface ReadsData {
  accountId: string;
  userId: string;
  personIds: string[];
  blocks: number;
  events: number;
  rollups: number;
}

/**
 * One account with 100 active people and a year of activity, written in bulk SQL: on each working day
 * 2-4 presence blocks per person in their primary integration (as one-minute presence would build
 * them), an overlapping block in a second integration for a third of the people, 0-3 events, an
 * ongoing block today, predictions around today, and the daily rollups derived from the blocks.
 */
export async function generateReadsData(pool: pg.Pool): Promise<ReadsData> {
  const q = async <T extends pg.QueryResultRow>(text: string, params: unknown[] = []) =>
    (await pool.query<T>(text, params)).rows;
  const [account] = await q<{ id: string }>(
    `insert into accounts (name, slug, status, plan, onboarding_completed, onboarding_next_action, features, activated_at)
     values ('Reads Bench', 'reads-bench', 'active', 'business', true, 'none', '{predictions}', now()) returning id`,
  );
  const accountId = account?.id as string;
  const [user] = await q<{ id: string }>(
    `insert into users (account_id, email, role, email_verified_at) values ($1, 'reads-bench@example.com', 'manager', now()) returning id`,
    [accountId],
  );
  const services = await q<{ id: string; provider: string }>(
    `select id, provider from services where provider in ('slack', 'github')`,
  );
  const serviceOf = (p: string) => services.find((s) => s.provider === p)?.id;
  const [chat] = await q<{ id: string }>(
    `insert into integrations (account_id, service_id, name, kind, config) values ($1, $2, 'Slack', 'presence', '{"color":"#4a154b"}') returning id`,
    [accountId, serviceOf('slack')],
  );
  const [code] = await q<{ id: string }>(
    `insert into integrations (account_id, service_id, name, kind, config) values ($1, $2, 'GitHub', 'presence', '{"color":"#24292f"}') returning id`,
    [accountId, serviceOf('github')],
  );
  const people = await q<{ id: string }>(
    `insert into people (account_id, name, email, status, person_identifier, timezone_automatic, is_online, last_seen_at)
     select $1, 'Person ' || lpad(n::text, 3, '0'), 'person' || n || '@example.com', 'active', 'person-' || n,
            ($2::text[])[1 + n % array_length($2::text[], 1)], n % 3 = 0, now() - (n || ' minutes')::interval
     from generate_series(1, $3::int) n returning id`,
    [accountId, TIMEZONES, PEOPLE],
  );
  await q(
    `insert into person_integrations (account_id, person_id, integration_id, external_id)
     select $1, p.id, $2, 'slack-' || p.person_identifier from people p where p.account_id = $1`,
    [accountId, chat?.id],
  );
  await q(
    `insert into person_integrations (account_id, person_id, integration_id, external_id)
     select $1, p.id, $2, 'gh-' || p.person_identifier from people p
     where p.account_id = $1 and right(p.person_identifier, 1) in ('0', '3', '6')`,
    [accountId, code?.id],
  );
  // Primary integration: blocks k = 1..(2 + day-and-person hash % 3) on working days, 08:00-18:00 local-ish.
  await q(
    `insert into activity_blocks (account_id, person_id, person_integration_id, integration_id, start_time, end_time,
       last_sample_at, timezone_at_start)
     select pi.account_id, pi.person_id, pi.id, pi.integration_id, s, s + dur, s + dur, 'UTC'
     from person_integrations pi
     cross join generate_series(current_date - $2::int, current_date - 1, interval '1 day') d
     cross join lateral generate_series(1, 2 + (abs(hashtext(pi.id::text || d::text)) % 3)) k
     cross join lateral (select d + make_interval(hours => 5 + k * 3, mins => abs(hashtext(pi.id::text || k || d::text)) % 50) as s,
                                make_interval(mins => 45 + abs(hashtext(d::text || pi.id::text || k)) % 100) as dur) t
     where pi.account_id = $1 and pi.integration_id = $3 and extract(isodow from d) < 6`,
    [accountId, DAYS, chat?.id],
  );
  // Second integration: one block a working day that overlaps the primary one.
  await q(
    `insert into activity_blocks (account_id, person_id, person_integration_id, integration_id, start_time, end_time,
       last_sample_at, timezone_at_start)
     select pi.account_id, pi.person_id, pi.id, pi.integration_id, d + interval '8 hours 30 minutes',
            d + interval '10 hours', d + interval '10 hours', 'UTC'
     from person_integrations pi
     cross join generate_series(current_date - $2::int, current_date - 1, interval '1 day') d
     where pi.account_id = $1 and pi.integration_id = $3 and extract(isodow from d) < 6`,
    [accountId, DAYS, code?.id],
  );
  // Today: a closed morning block and an ongoing one.
  await q(
    `insert into activity_blocks (account_id, person_id, person_integration_id, integration_id, start_time, end_time,
       last_sample_at, timezone_at_start)
     select pi.account_id, pi.person_id, pi.id, pi.integration_id, t.s, t.e, coalesce(t.e, now()), 'UTC'
     from person_integrations pi
     cross join (values (current_date::timestamptz + interval '1 hour', current_date::timestamptz + interval '2 hours'),
                        (now() - interval '20 minutes', null::timestamptz)) t(s, e)
     where pi.account_id = $1 and pi.integration_id = $2`,
    [accountId, chat?.id],
  );
  await q(
    `insert into activity_events (account_id, integration_id, person_id, person_integration_id, external_id, kind, timestamp, title)
     select pi.account_id, pi.integration_id, pi.person_id, pi.id, pi.id || '-' || d::date || '-' || k, 'git_commit',
            d + make_interval(hours => 9 + k * 2), 'Commit ' || k
     from person_integrations pi
     cross join generate_series(current_date - $2::int, current_date, interval '1 day') d
     cross join lateral generate_series(1, abs(hashtext(pi.id::text || d::text || 'e')) % 4) k
     where pi.account_id = $1 and pi.integration_id = $3`,
    [accountId, DAYS, code?.id],
  );
  await q(
    `insert into activity_predictions (account_id, person_id, start_time, end_time, confidence)
     select p.account_id, p.id, d + interval '8 hours', d + interval '17 hours', 0.3 + (abs(hashtext(p.id::text)) % 60) / 100.0
     from people p cross join generate_series(current_date - 7, current_date + 7, interval '1 day') d
     where p.account_id = $1`,
    [accountId],
  );
  // Rollups per person and local day (a bench approximation: overlap is not merged here).
  await q(
    `insert into person_daily_rollups (person_id, day, account_id, minutes_online, blocks, events)
     select b.person_id, (b.start_time at time zone p.timezone_automatic)::date, $1,
            least(1440, sum(extract(epoch from coalesce(b.end_time, now()) - b.start_time) / 60)::int), count(*), 0
     from activity_blocks b join people p on p.id = b.person_id
     where b.account_id = $1 group by 1, 2`,
    [accountId],
  );
  await q(
    `update person_daily_rollups r set events = e.n
     from (select e.person_id, (e.timestamp at time zone p.timezone_automatic)::date as day, count(*) as n
           from activity_events e join people p on p.id = e.person_id where e.account_id = $1 group by 1, 2) e
     where r.person_id = e.person_id and r.day = e.day`,
    [accountId],
  );
  await q('analyze');
  const count = async (table: string) =>
    Number((await q<{ n: string }>(`select count(*) as n from ${table} where account_id = $1`, [accountId]))[0]?.n);
  return {
    accountId,
    userId: user?.id as string,
    personIds: people.map((p) => p.id),
    blocks: await count('activity_blocks'),
    events: await count('activity_events'),
    rollups: await count('person_daily_rollups'),
  };
}
