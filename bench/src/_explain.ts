import pg from 'pg';
const pool = new pg.Pool({ connectionString: process.env.PGURL });
const acc = (await pool.query(`select id from accounts where slug='scale-bench'`)).rows[0].id;
const ids = (await pool.query(`select id from people where account_id=$1 order by lower(name) limit 100 offset 200`, [acc])).rows.map(r=>r.id);
const shown = `select id from people where account_id = $1 and status = 'active' and archived_at is null and id = any($2::uuid[])`;
const cols = `b.id, b.person_id, b.kind, b.start_time, b.end_time, b.timezone_at_start, b.metadata, b.integration_id, i.name as integration_name, i.config->>'color' as integration_color`;
const q = process.argv[2] === 'events' ? `select e.id, e.person_id, e.kind, e.timestamp, e.title, e.url, e.external_id, e.metadata,
    i.name as integration_name, s.provider as integration_kind, i.config->>'color' as integration_color
  from activity_events e join integrations i on i.id = e.integration_id join services s on s.id = i.service_id
  where e.account_id = $1 and e.person_id in (${shown}) and e.timestamp >= $3 and e.timestamp < $4
  order by e.timestamp, e.id` : `
  select ${cols} from activity_blocks b join integrations i on i.id = b.integration_id
  where b.account_id = $1 and b.person_id in (${shown}) and b.start_time < $4 and coalesce(b.end_time, 'infinity') > $3
    and b.start_time >= $3::timestamptz - interval '1 day'
    and b.end_time is not null and b.end_time - b.start_time <= interval '1 day'
  union all
  select ${cols} from activity_blocks b join integrations i on i.id = b.integration_id
  where b.account_id = $1 and b.person_id in (${shown}) and b.start_time < $4 and coalesce(b.end_time, 'infinity') > $3
    and (b.end_time is null or b.end_time - b.start_time > interval '1 day')
  order by start_time, id`;
const day = process.argv[3] ?? new Date(Date.now()-30*86400000).toISOString().slice(0,10);
const from = new Date(day+'T00:00:00Z'), to = new Date(from.getTime()+86400000);
const r = await pool.query(`explain (analyze, buffers) ${q}`, [acc, `{${ids.join(',')}}`, from, to]);
console.log(r.rows.map(x=>x['QUERY PLAN']).join('\n'));
await pool.end();
