import type pg from 'pg';
import { connectDatabase } from '../../server/src/db/client.ts';
import { refreshRollups } from '../../server/src/engine/rollups.ts';

export const SCALE_PEOPLE = Number(process.env.BENCH_PEOPLE ?? 500);
export const SCALE_DAYS = 365;
/** Raw one-minute samples are written for this many most recent days only. */
export const SAMPLE_DAYS = 30;
const TIMEZONES = ['Europe/Berlin', 'America/New_York', 'Asia/Tokyo', 'UTC', 'America/Los_Angeles', 'Asia/Kolkata'];

export interface ScaleData {
  accountId: string;
  userId: string;
  /** Active people, in the dashboard's order (by name). */
  personIds: string[];
  blocks: number;
  events: number;
  samples: number;
  rollups: number;
  predictions: number;
}

/**
 * One account with SCALE_PEOPLE active people and a year of activity from mixed sources, written
 * directly as what one-minute presence would have built (a year of raw minute samples for 500
 * people would not fit the machine's time):
 *
 * - chat presence (Slack for four people in five, Microsoft Teams for the rest): on working days,
 *   six blocks of 90 minutes on and 30 off from about 07:00 in the person's timezone, a lighter
 *   Saturday for one person in four;
 * - a second presence source (Teams) for a third of the people: one block a working day that
 *   overlaps the chat block of the late morning (rollups merge the overlap);
 * - events from GitHub (half the people, 0-5 commits a working day) and Google Drive (a third,
 *   0-2 edits a working day);
 * - today: a closed early block and an ongoing one; predictions from a week ago to two weeks ahead;
 * - raw presence samples (one a minute, online through each block, then offline) for the last
 *   SAMPLE_DAYS days only;
 * - daily rollups computed by the product's own rollup refresh over the whole year.
 */
export async function generateScaleData(pool: pg.Pool, databaseUrl: string): Promise<ScaleData> {
  const q = async <T extends pg.QueryResultRow>(text: string, params: unknown[] = []) =>
    (await pool.query<T>(text, params)).rows;
  const [account] = await q<{ id: string }>(
    `insert into accounts (name, slug, status, plan, onboarding_completed, onboarding_next_action, features, max_people, activated_at)
     values ('Scale Bench', 'scale-bench', 'active', 'business', true, 'none', '{predictions}', 2000, now()) returning id`,
  );
  const accountId = account?.id as string;
  const [user] = await q<{ id: string }>(
    `insert into users (account_id, email, role, email_verified_at) values ($1, 'scale-bench@example.com', 'manager', now()) returning id`,
    [accountId],
  );
  const integration = async (provider: string, name: string, kind: string, color: string) => {
    const [row] = await q<{ id: string }>(
      `insert into integrations (account_id, service_id, name, kind, config)
       select $1, s.id, $2, $3, jsonb_build_object('color', $4::text) from services s where s.provider = $5 returning id`,
      [accountId, name, kind, color, provider],
    );
    if (!row) throw new Error(`no service for ${provider}`);
    return row.id;
  };
  const slack = await integration('slack', 'Slack', 'presence', '#4a154b');
  const teams = await integration('microsoft', 'Microsoft Teams', 'presence', '#5059c9');
  const github = await integration('github', 'GitHub', 'events', '#24292f');
  const drive = await integration('google', 'Google Drive', 'events', '#1a73e8');

  await q(
    `insert into people (account_id, name, email, status, person_identifier, timezone_automatic, is_online, last_seen_at)
     select $1, 'Person ' || lpad(n::text, 3, '0'), 'person' || n || '@example.com', 'active', 'person-' || n,
            ($2::text[])[1 + n % array_length($2::text[], 1)], n % 3 = 0, now() - (n || ' minutes')::interval
     from generate_series(1, $3::int) n`,
    [accountId, TIMEZONES, SCALE_PEOPLE],
  );
  const n = `substring(p.person_identifier from 8)::int`;
  const link = (integrationId: string, prefix: string, where: string) =>
    q(
      `insert into person_integrations (account_id, person_id, integration_id, external_id)
       select $1, p.id, $2, $3 || p.person_identifier from people p where p.account_id = $1 and (${where})`,
      [accountId, integrationId, prefix],
    );
  await link(slack, 'slack-', `${n} % 5 <> 0`);
  // Teams: the chat source of every fifth person, and a second presence source for a third.
  await link(teams, 'teams-', `${n} % 5 = 0 or ${n} % 3 = 0`);
  await link(github, 'gh-', `${n} % 2 = 0`);
  await link(drive, 'drive-', `${n} % 3 = 1`);

  const chat = `(pi.integration_id = '${slack}' or (pi.integration_id = '${teams}' and ${n} % 5 = 0))`;
  const days = `generate_series(current_date - ${SCALE_DAYS}, current_date - 1, interval '1 day')`;
  const local = `(d::date + make_time(0, 0, 0))`;
  // Chat: six 90-minute blocks from about 07:00 local on working days; Saturdays two, for one in four.
  await q(
    `insert into activity_blocks (account_id, person_id, person_integration_id, integration_id, start_time, end_time,
       last_sample_at, timezone_at_start)
     select pi.account_id, pi.person_id, pi.id, pi.integration_id, t.s, t.s + interval '90 minutes',
            t.s + interval '89 minutes', p.timezone_automatic
     from person_integrations pi join people p on p.id = pi.person_id
     cross join ${days} d
     cross join lateral generate_series(0, case when extract(isodow from d) < 6 then 5
                                                when extract(isodow from d) = 6 and ${n} % 4 = 0 then 1 else -1 end) k
     cross join lateral (select (${local} + make_interval(hours => 7 + 2 * k, mins => abs(hashtext(pi.id::text || d::text)) % 20))
                                at time zone p.timezone_automatic as s) t
     where pi.account_id = $1 and ${chat}`,
    [accountId],
  );
  // Second presence source: 10:00-11:30 local, overlapping the chat block of the late morning.
  await q(
    `insert into activity_blocks (account_id, person_id, person_integration_id, integration_id, start_time, end_time,
       last_sample_at, timezone_at_start)
     select pi.account_id, pi.person_id, pi.id, pi.integration_id, t.s, t.s + interval '90 minutes',
            t.s + interval '89 minutes', p.timezone_automatic
     from person_integrations pi join people p on p.id = pi.person_id
     cross join ${days} d
     cross join lateral (select (${local} + interval '10 hours') at time zone p.timezone_automatic as s) t
     where pi.account_id = $1 and pi.integration_id = $2 and ${n} % 5 <> 0 and extract(isodow from d) < 6`,
    [accountId, teams],
  );
  // Today: a closed early block and an ongoing one in the chat source.
  await q(
    `insert into activity_blocks (account_id, person_id, person_integration_id, integration_id, start_time, end_time,
       last_sample_at, timezone_at_start)
     select pi.account_id, pi.person_id, pi.id, pi.integration_id, t.s, t.e, coalesce(t.e - interval '1 minute', now()), 'UTC'
     from person_integrations pi join people p on p.id = pi.person_id
     cross join (values (now() - interval '4 hours', now() - interval '150 minutes'),
                        (now() - interval '20 minutes', null::timestamptz)) t(s, e)
     where pi.account_id = $1 and ${chat}`,
    [accountId],
  );
  // Events: commits (0-5 a working day) and document edits (0-2), inside working hours.
  const events = (integrationId: string, kind: string, perDay: number, title: string) =>
    q(
      `insert into activity_events (account_id, integration_id, person_id, person_integration_id, external_id, kind, timestamp, title, url)
       select pi.account_id, pi.integration_id, pi.person_id, pi.id, pi.id || '-' || d::date || '-' || k, $3,
              (${local} + make_interval(hours => 8 + k, mins => abs(hashtext(pi.id::text || k || d::text)) % 60))
                at time zone p.timezone_automatic,
              $4 || ' ' || k, 'https://example.com/' || pi.id || '/' || d::date || '/' || k
       from person_integrations pi join people p on p.id = pi.person_id
       cross join generate_series(current_date - ${SCALE_DAYS}, current_date, interval '1 day') d
       cross join lateral generate_series(1, abs(hashtext(pi.id::text || d::text || 'e')) % ($5::int + 1)) k
       where pi.account_id = $1 and pi.integration_id = $2 and extract(isodow from d) < 6`,
      [accountId, integrationId, kind, title, perDay],
    );
  await events(github, 'git_commit', 5, 'Commit');
  await events(drive, 'document_edit', 2, 'Edited design notes');
  await q(
    `insert into activity_predictions (account_id, person_id, start_time, end_time, confidence, timezone_at_start)
     select p.account_id, p.id, (d::date + time '08:00') at time zone p.timezone_automatic,
            (d::date + time '17:00') at time zone p.timezone_automatic,
            0.3 + (abs(hashtext(p.id::text)) % 60) / 100.0, p.timezone_automatic
     from people p cross join generate_series(current_date - 7, current_date + 14, interval '1 day') d
     where p.account_id = $1 and extract(isodow from d) < 6`,
    [accountId],
  );
  // Raw samples of the last SAMPLE_DAYS days: one a minute through each presence block, then offline.
  await q(
    `insert into presence_samples (person_integration_id, at, status)
     select b.person_integration_id, b.start_time + make_interval(mins => m),
            case when m < 90 then 'online' else 'offline' end
     from activity_blocks b cross join generate_series(0, 90) m
     where b.account_id = $1 and b.end_time is not null and b.start_time >= current_date - ${SAMPLE_DAYS}
     on conflict do nothing`,
    [accountId],
  );
  // Rollups by the product's own refresh (merged overlap, blocks and events per local day), 50 people a statement.
  const people = await q<{ id: string }>(
    `select id from people where account_id = $1 order by lower(coalesce(name, email, person_identifier, '')), created_at, id`,
    [accountId],
  );
  const personIds = people.map((p) => p.id);
  const database = connectDatabase(databaseUrl, { max: 2 });
  try {
    const from = new Date(Date.now() - (SCALE_DAYS + 2) * 86_400_000);
    const to = new Date();
    const chunks = Array.from({ length: Math.ceil(personIds.length / 50) }, (_, i) =>
      personIds.slice(i * 50, i * 50 + 50),
    );
    await Promise.all(
      [0, 1].map(async (lane) => {
        for (let i = lane; i < chunks.length; i += 2) await refreshRollups(database.db, chunks[i] ?? [], from, to);
      }),
    );
  } finally {
    await database.close();
  }
  await q('vacuum analyze');
  const count = async (table: string, where = 'account_id = $1') =>
    Number((await q<{ n: string }>(`select count(*) as n from ${table} where ${where}`, [accountId]))[0]?.n);
  return {
    accountId,
    userId: user?.id as string,
    personIds,
    blocks: await count('activity_blocks'),
    events: await count('activity_events'),
    samples: await count(
      'presence_samples',
      'person_integration_id in (select id from person_integrations where account_id = $1)',
    ),
    rollups: await count('person_daily_rollups'),
    predictions: await count('activity_predictions'),
  };
}

/** The figures of a data set generated earlier in the same database. */
export async function findScaleData(pool: pg.Pool): Promise<ScaleData> {
  const q = async <T extends pg.QueryResultRow>(text: string, params: unknown[] = []) =>
    (await pool.query<T>(text, params)).rows;
  const [row] = await q<{ account_id: string; user_id: string }>(
    `select a.id as account_id, u.id as user_id from accounts a join users u on u.account_id = a.id where a.slug = 'scale-bench'`,
  );
  if (!row) throw new Error('no scale-bench account in this database');
  const people = await q<{ id: string }>(
    `select id from people where account_id = $1 order by lower(coalesce(name, email, person_identifier, '')), created_at, id`,
    [row.account_id],
  );
  return {
    accountId: row.account_id,
    userId: row.user_id,
    personIds: people.map((p) => p.id),
    blocks: 0,
    events: 0,
    samples: 0,
    rollups: 0,
    predictions: 0,
  };
}
