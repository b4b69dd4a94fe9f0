import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../db/client.ts';
import type { PresenceStatus } from '../db/schema/activity.ts';
import { arrayLiteral } from '../db/uuid-array.ts';
import { type BlockOptions, type BlockSpan, normaliseSamples, type Sample, STATUS_PRECEDENCE } from './blocks.ts';
import { continueBlocks, STATE_SAMPLES, stateAfter } from './continue-blocks.ts';
import { isoOf, type RecomputeTarget, recomputeBlocks } from './recompute.ts';
import { type RollupRange, refreshRollupRanges } from './rollups.ts';
import { silenceTimeoutMsOf, silenceTimeoutSql } from './step.ts';

export interface PresenceSampleInput {
  personIntegrationId: string;
  personId: string;
  at: Date;
  status: PresenceStatus;
  timezone: string;
}

export interface ApplyPresenceInput {
  accountId: string;
  integrationId: string;
  stepMinutes: number;
  samples: PresenceSampleInput[];
  now?: Date;
}

export interface ApplyPresenceResult {
  changedPersonIds: string[];
  /** Person-integrations whose new samples only continued their blocks (no recompute needed). */
  extended: number;
}

const precedenceSql = sql.raw(`array[${STATUS_PRECEDENCE.map((s) => `'${s}'`).join(',')}]::text[]`);

/** One changed person-integration, with what the engine needs to know about its stored history. */
interface StateRow extends Record<string, unknown> {
  pi: string;
  all_new: boolean;
  min_ms: number;
  prev_ms: number | null;
  prev_status: PresenceStatus | null;
  /** The newest stored samples' times, ascending (up to STATE_SAMPLES). */
  recent_ms: number[] | null;
  silence_timeout: unknown;
  block_id: string | null;
  block_start_ms: number | null;
  block_end_ms: number | null;
  block_last_ms: number | null;
  block_edited: boolean | null;
  edited_near: boolean;
}

/**
 * Stores the samples and, in the same statement, reads for each person-integration whose samples
 * changed anything: its newest samples stored before this call, its newest block, and whether a
 * manually edited block lies at or after the point where the engine would resume; and its
 * integration's Setup timeout.
 *
 * Each (person-integration, instant) comes once (the samples are normalised). Samples later than their person-integration's
 * newest stored one (the steady state) cannot collide with a stored sample, so they are inserted
 * plainly, in key order; only the others take `on conflict`, whose check costs a second index search
 * per row. A sample stored meanwhile by a concurrent writer (none: the pump's lock and the people's
 * locks keep them out) would fail the statement, and the caller's retry would see it as stored.
 */
function storeSamples(tx: DbOrTx, byPi: Map<string, { samples: Sample[] }>) {
  // A round's samples name about a thousand person-integrations and a few hundred instants: each
  // goes once, and a sample names them by position (PostgreSQL parses an 80,000-element uuid or
  // timestamptz array in about 70 ms, the positions and the short arrays in about 15 ms).
  const pis: string[] = [];
  const instants: string[] = [];
  const piOf: number[] = [];
  const instantOf: number[] = [];
  const statuses: string[] = [];
  const instantAt = new Map<number, number>();
  for (const [pi, entry] of byPi) {
    pis.push(pi);
    const p = pis.length;
    for (const sample of entry.samples) {
      let k = instantAt.get(sample.at);
      if (k === undefined) {
        instants.push(new Date(sample.at).toISOString());
        k = instants.length;
        instantAt.set(sample.at, k);
      }
      piOf.push(p);
      instantOf.push(k);
      statuses.push(sample.status);
    }
  }
  return tx.execute<StateRow>(sql`
    with u as (
      select (${arrayLiteral(pis)}::uuid[])[r.p] as pi, (${arrayLiteral(instants)}::timestamptz[])[r.k] as at, r.status
        from unnest(${arrayLiteral(piOf)}::int[], ${arrayLiteral(instantOf)}::int[], ${arrayLiteral(statuses)}::text[])
          as r(p, k, status)
    ), prev as (
      select p.pi, newest.at, newest.status
        from unnest(${arrayLiteral(pis)}::uuid[]) as p(pi)
        left join lateral (select s.at, s.status from presence_samples s
                            where s.person_integration_id = p.pi order by s.at desc limit 1) newest on true
    ), later as (
      select u.* from u join prev on prev.pi = u.pi where prev.at is null or u.at > prev.at
    ), fresh as (
      insert into presence_samples (person_integration_id, at, status)
      select pi, at, status from later order by pi, at
    ), ins as (
      insert into presence_samples as ps (person_integration_id, at, status)
      select u.pi, u.at, u.status from u join prev on prev.pi = u.pi where u.at <= prev.at
      on conflict (person_integration_id, at) do update set status = excluded.status
        where array_position(${precedenceSql}, excluded.status) < array_position(${precedenceSql}, ps.status)
      returning ps.person_integration_id as pi, ps.at, (ps.xmax = 0) as inserted
    ), changed as (
      select pi, min(at) as min_at, bool_and(inserted) as all_new
        from (select pi, at, true as inserted from later union all select pi, at, inserted from ins) x
       group by pi
    )
    select c.pi, c.all_new, (extract(epoch from c.min_at) * 1000)::float8 as min_ms,
           (extract(epoch from prev.at) * 1000)::float8 as prev_ms, prev.status as prev_status,
           array(select x.ms from (select (extract(epoch from s.at) * 1000)::float8 as ms from presence_samples s
                                    where s.person_integration_id = c.pi order by s.at desc
                                    limit ${STATE_SAMPLES}) x order by x.ms) as recent_ms,
           ${silenceTimeoutSql(sql`(select pi.integration_id from person_integrations pi where pi.id = c.pi)`)}
             as silence_timeout,
           blk.id as block_id, (extract(epoch from blk.start_time) * 1000)::float8 as block_start_ms,
           (extract(epoch from blk.end_time) * 1000)::float8 as block_end_ms,
           (extract(epoch from blk.last_sample_at) * 1000)::float8 as block_last_ms,
           blk.edited_at is not null as block_edited,
           exists (select 1 from activity_blocks e
                    where e.person_integration_id = c.pi and e.edited_at is not null
                      and coalesce(e.end_time, 'infinity') >= coalesce(least(prev.at, blk.start_time), '-infinity'))
             as edited_near
      from changed c
      join prev on prev.pi = c.pi
      left join lateral (select b.id, b.start_time, b.end_time, b.last_sample_at, b.edited_at from activity_blocks b
                          where b.person_integration_id = c.pi order by b.start_time desc limit 1) blk on true
  `);
}

interface Extension {
  pi: string;
  personId: string;
  timezone: string;
  accountId: string;
  integrationId: string;
  replaceId: string | null;
  spans: BlockSpan[];
}

/**
 * The engine continued from the stored state, when that is provably what a full recompute would
 * give: every sample of this call is new and later than every stored sample, the stored state is
 * consistent, and no manually edited block is in the way. Otherwise null (full recompute).
 */
function extensionOf(row: StateRow, entry: PiEntry, opts: BlockOptions): Extension | null {
  if (!row.all_new || row.edited_near || row.block_edited) return null;
  if (row.prev_ms !== null && row.prev_ms >= row.min_ms) return null;
  const newest = row.prev_ms !== null && row.prev_status ? { at: row.prev_ms, status: row.prev_status } : null;
  const block =
    row.block_id !== null && row.block_start_ms !== null && row.block_last_ms !== null
      ? { start: row.block_start_ms, lastSampleAt: row.block_last_ms }
      : null;
  const state = stateAfter(newest, block, row.recent_ms ?? []);
  if (!state) return null;
  return {
    pi: row.pi,
    personId: entry.personId,
    timezone: entry.timezone,
    accountId: entry.group.accountId,
    integrationId: entry.group.integrationId,
    replaceId: state.open ? row.block_id : null,
    spans: continueBlocks(state, entry.samples, opts),
  };
}

/** The local days whose rollups an extension can change: from the old end of the block it replaces. */
function rollupRangeOf(ext: Extension, row: StateRow, now: number, accountId: string): RollupRange {
  const points: number[] = [];
  const [first, ...rest] = ext.spans;
  const extended = ext.replaceId !== null ? first : undefined;
  if (extended) {
    // An ongoing block was counted up to the moment of its last refresh: recount it from its start.
    if (row.block_end_ms === null) points.push(extended.start, now);
    else points.push(row.block_end_ms);
    points.push(extended.end ?? now);
  }
  for (const span of extended ? rest : ext.spans) points.push(span.start, span.end ?? now);
  return {
    personId: ext.personId,
    from: Math.min(...points),
    to: Math.max(...points),
    known: { accountId, timezone: ext.timezone },
  };
}

async function writeExtensions(tx: DbOrTx, extensions: Extension[]): Promise<void> {
  const updates: { id: string; end_time: string | null; last_sample_at: string }[] = [];
  const inserts: {
    account_id: string;
    integration_id: string;
    pi: string;
    person_id: string;
    start_time: string;
    end_time: string | null;
    last: string;
    tz: string;
  }[] = [];
  for (const ext of extensions) {
    ext.spans.forEach((span, i) => {
      const end = span.end === null ? null : isoOf(span.end);
      if (i === 0 && ext.replaceId) {
        updates.push({ id: ext.replaceId, end_time: end, last_sample_at: isoOf(span.lastSampleAt) });
      } else {
        inserts.push({
          account_id: ext.accountId,
          integration_id: ext.integrationId,
          pi: ext.pi,
          person_id: ext.personId,
          start_time: isoOf(span.start),
          end_time: end,
          last: isoOf(span.lastSampleAt),
          tz: ext.timezone,
        });
      }
    });
  }
  if (updates.length === 0 && inserts.length === 0) return;
  await tx.execute(sql`
    with upd as (
      update activity_blocks b
         set end_time = v.end_time, last_sample_at = v.last_sample_at, updated_at = now()
        from jsonb_to_recordset(${JSON.stringify(updates)}::jsonb)
          as v(id uuid, end_time timestamptz, last_sample_at timestamptz)
       where b.id = v.id
         and (b.end_time is distinct from v.end_time or b.last_sample_at is distinct from v.last_sample_at)
    )
    insert into activity_blocks (account_id, person_id, person_integration_id, integration_id, start_time,
                                 end_time, last_sample_at, timezone_at_start)
    select b.account_id, b.person_id, b.pi, b.integration_id, b.start_time, b.end_time, b.last, b.tz
      from jsonb_to_recordset(${JSON.stringify(inserts)}::jsonb)
        as b(account_id uuid, integration_id uuid, pi uuid, person_id uuid, start_time timestamptz,
             end_time timestamptz, last timestamptz, tz text)
  `);
}

/**
 * Stores samples (duplicates are no-ops) and brings the blocks of each affected person-integration
 * up to date (manually edited blocks are left alone), then refreshes the rollups of the local days
 * that changed. The blocks are always what computeBlocks gives for the whole stored sample set.
 *
 * Steady state (each source reports once per interval): the new samples come after every stored
 * one, so the engine resumes from the stored state — the newest samples (their gaps give the pace)
 * and the newest block — and
 * only updates that block's end and last sample or adds the next one. Late, out-of-order or
 * status-changing samples, and anything near an edited block, take the full recompute of
 * recomputeBlocks instead. A call costs a fixed handful of queries however many samples it carries.
 */
export async function applyPresenceSamples(tx: DbOrTx, input: ApplyPresenceInput): Promise<ApplyPresenceResult> {
  return applyPresenceGroups(tx, [input]);
}

/** The samples of one person-integration in a call, with its integration's input. */
interface PiEntry {
  personId: string;
  timezone: string;
  samples: Sample[];
  group: ApplyPresenceInput;
}

/**
 * applyPresenceSamples for the samples of several integrations at once (the presence pump's
 * round): the samples of all of them are stored in one statement, the extensions written in one,
 * and the rollups refreshed in one; only the full recomputes (late or out-of-order samples) still
 * run per integration, since they depend on its sampling step and timeout.
 */
export async function applyPresenceGroups(tx: DbOrTx, groups: ApplyPresenceInput[]): Promise<ApplyPresenceResult> {
  const live = groups.filter((g) => g.samples.length > 0);
  const first = live[0];
  if (!first) return { changedPersonIds: [], extended: 0 };
  const now = (first.now ?? new Date()).getTime();

  const byPi = new Map<string, PiEntry>();
  for (const group of live) {
    for (const s of group.samples) {
      const entry = byPi.get(s.personIntegrationId) ?? {
        personId: s.personId,
        timezone: s.timezone,
        samples: [],
        group,
      };
      entry.samples.push({ at: s.at.getTime(), status: s.status });
      byPi.set(s.personIntegrationId, entry);
    }
  }
  for (const entry of byPi.values()) entry.samples = normaliseSamples(entry.samples);
  const states = await storeSamples(tx, byPi);
  if (states.rows.length === 0) return { changedPersonIds: [], extended: 0 };

  const extensions: Extension[] = [];
  const ranges: RollupRange[] = [];
  const targets = new Map<ApplyPresenceInput, { silenceTimeoutMs: number | null; list: RecomputeTarget[] }>();
  for (const row of states.rows) {
    const entry = byPi.get(row.pi);
    if (!entry) continue;
    const silenceTimeoutMs = silenceTimeoutMsOf(row.silence_timeout);
    const opts: BlockOptions = { stepMs: Math.max(1, entry.group.stepMinutes) * 60_000, now, silenceTimeoutMs };
    const ext = extensionOf(row, entry, opts);
    if (ext) {
      extensions.push(ext);
      if (ext.spans.length > 0) ranges.push(rollupRangeOf(ext, row, now, entry.group.accountId));
      continue;
    }
    let minAt = Number.POSITIVE_INFINITY;
    let maxAt = Number.NEGATIVE_INFINITY;
    for (const s of entry.samples) {
      minAt = Math.min(minAt, s.at);
      maxAt = Math.max(maxAt, s.at);
    }
    const target = targets.get(entry.group) ?? { silenceTimeoutMs, list: [] };
    target.list.push({ personIntegrationId: row.pi, personId: entry.personId, timezone: entry.timezone, minAt, maxAt });
    targets.set(entry.group, target);
  }

  await writeExtensions(tx, extensions);
  for (const [group, { silenceTimeoutMs, list }] of targets) {
    const recomputed = await recomputeBlocks(tx, {
      accountId: group.accountId,
      integrationId: group.integrationId,
      stepMinutes: group.stepMinutes,
      silenceTimeoutMs,
      now: new Date(now),
      targets: list,
      deferRollups: true,
    });
    ranges.push(...recomputed.rollupRanges);
  }
  await refreshRollupRanges(tx, ranges, new Date(now));
  const recomputedPeople = [...targets.values()].flatMap((t) => t.list.map((x) => x.personId));
  const changedPersonIds = [...new Set([...extensions.map((e) => e.personId), ...recomputedPeople])];
  return { changedPersonIds, extended: extensions.length };
}
