import { appendFileSync, mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { connectDatabase, connectionConfig } from '../../server/src/db/client.ts';
import { ensureDatabase, startEmbeddedPostgres } from '../../server/src/db/embedded.ts';
import { addDays, localDateOf, mondayOf, startOfLocalDay } from '../../server/src/lib/zoned-time.ts';
import { createSession } from '../../server/src/modules/auth/session.ts';
import { rawDay, rawOverlap, rawWeek, rawYear } from './reads-scale-raw.ts';
import { findScaleData, generateScaleData, SCALE_DAYS, SCALE_PEOPLE } from './scale-data.ts';
import { startServerProcess } from './server-process.ts';

/**
 * Reads at scale: 500 people with a year of activity (scale-data.ts), each read measured from
 * outside as a browser asks (Accept-Encoding: br, gzip, decompressed by the client) and, in the
 * same loop, request for request, the raw SQL of the same read through a plain `pg` pool: the
 * ratio is taken under the same load. BENCH_SECONDS per read (default 15), one client. The HTTP
 * request and its raw SQL take turns going first (BENCH_ORDER=http-first: the HTTP request always
 * first, as before), since the second read of a day finds its pages in PostgreSQL's buffers.
 * BENCH_BREAKDOWN (with `server-probe.mjs` in the server) records each request for `tail-breakdown.mjs`.
 */
const SECONDS = Number(process.env.BENCH_SECONDS ?? 15);
const VIEWER_TIMEZONES = ['Europe/Berlin', 'America/New_York', 'UTC', 'Asia/Tokyo'];
const MAX_RATIO = 1.5;

interface Read {
  name: string;
  target: number;
  /** One request: the URL and the raw SQL doing the same read. */
  next: () => { url: string; raw: () => Promise<number> };
}

interface Result {
  name: string;
  target: number;
  requests: number;
  errors: number;
  bytes: number;
  encoding: string;
  http: { p50: number; p95: number; p99: number };
  raw: { p50: number; p95: number; p99: number };
}

const pick = <T>(list: readonly T[]): T => list[Math.floor(Math.random() * list.length)] as T;
const dayAgo = (n: number) => new Date(Date.now() - n * 86_400_000).toISOString().slice(0, 10);
const percentiles = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const at = (p: number) =>
    Math.round((sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))] ?? 0) * 10) / 10;
  return { p50: at(0.5), p95: at(0.95), p99: at(0.99) };
};

/** BENCH_BREAKDOWN=file: one JSON line per measured request (its timings, answer size, day), for `tail-breakdown.mjs`. */
const BREAKDOWN = process.env.BENCH_BREAKDOWN;
let seq = 0;
/** BENCH_ORDER=http-first: the HTTP request always before its raw SQL (the order of earlier passes). */
const ORDER = process.env.BENCH_ORDER === 'http-first' ? 'http-first' : 'alternate';
let turn = 0;

async function measure(read: Read, cookie: string): Promise<Result> {
  const http: number[] = [];
  const raw: number[] = [];
  let errors = 0;
  let bytes = 0;
  let encoding = '';
  const run = async (until: number, record: boolean) => {
    while (Date.now() < until) {
      const { url, raw: rawRead } = read.next();
      const headers: Record<string, string> = { cookie, 'accept-encoding': 'br, gzip' };
      const id = String(++seq);
      if (BREAKDOWN) headers['x-bench-seq'] = id;
      // Who goes first alternates: the second read of the same day finds its pages in PostgreSQL's
      // buffers (a past day's are often not there: the data set is larger than shared_buffers).
      const rawFirst = ORDER === 'alternate' && ++turn % 2 === 0;
      let rawMs = 0;
      if (rawFirst) {
        const r0 = performance.now();
        await rawRead();
        rawMs = performance.now() - r0;
      }
      const t0 = performance.now();
      const res = await fetch(url, { headers });
      const th = performance.now();
      const body = await res.arrayBuffer();
      const t1 = performance.now();
      if (!rawFirst) {
        await rawRead();
        rawMs = performance.now() - t1;
      }
      if (!record) continue;
      if (BREAKDOWN)
        appendFileSync(
          BREAKDOWN,
          `${JSON.stringify({ seq: id, read: read.name, url, headersMs: th - t0, httpMs: t1 - t0, rawMs, rawFirst, bytes: body.byteLength })}\n`,
        );
      if (!res.ok) {
        errors++;
        continue;
      }
      http.push(t1 - t0);
      raw.push(rawMs);
      bytes = Math.max(bytes, body.byteLength);
      encoding = res.headers.get('content-encoding') ?? 'identity';
    }
  };
  await run(Date.now() + 2000, false);
  await run(Date.now() + SECONDS * 1000, true);
  return {
    name: read.name,
    target: read.target,
    requests: http.length,
    errors,
    bytes,
    encoding,
    http: percentiles(http),
    raw: percentiles(raw),
  };
}

async function main() {
  const dir = mkdtempSync(join(tmpdir(), 'overlap-reads-scale-'));
  // BENCH_DATABASE_URL: measure again on a database a held run (BENCH_HOLD=1) generated.
  const reuse = process.env.BENCH_DATABASE_URL;
  const postgres = reuse ? null : await startEmbeddedPostgres(join(dir, 'postgres'));
  let server: Awaited<ReturnType<typeof startServerProcess>> | null = null;
  const pool = { current: null as pg.Pool | null };
  try {
    const databaseUrl = reuse ?? (await ensureDatabase((postgres as { url: string }).url, 'overlap'));
    server = await startServerProcess(databaseUrl, join(dir, 'data'));
    pool.current = new pg.Pool({ ...connectionConfig(databaseUrl), max: 4 });
    const db = pool.current;
    const t0 = performance.now();
    const data = reuse ? await findScaleData(db) : await generateScaleData(db, databaseUrl);
    const fmt = (n: number) => n.toLocaleString('en-US');
    if (!reuse)
      console.log(
        `Generated ${SCALE_PEOPLE} people over ${SCALE_DAYS} days in ${Math.round((performance.now() - t0) / 1000)} s: ` +
          `${fmt(data.blocks)} blocks, ${fmt(data.events)} events, ${fmt(data.samples)} raw samples (last 30 days), ` +
          `${fmt(data.rollups)} daily rollups, ${fmt(data.predictions)} predictions.`,
      );
    const session = connectDatabase(databaseUrl, { max: 1 });
    const cookie = `overlap_session=${await createSession(session.db, data.userId)}`;
    await session.close();
    const timezones = new Map(
      (
        await db.query<{ id: string; tz: string }>(
          `select id, coalesce(timezone_manual, timezone_automatic, 'UTC') as tz from people where account_id = $1`,
          [data.accountId],
        )
      ).rows.map((r) => [r.id, r.tz]),
    );
    const base = server.url;
    const accountId = data.accountId;
    const thisYear = new Date().getUTCFullYear();
    const someDay = () => (Math.random() < 0.5 ? dayAgo(0) : dayAgo(Math.floor(Math.random() * SCALE_DAYS)));

    const day = (visible: number): Read['next'] => {
      return () => {
        const tz = pick(VIEWER_TIMEZONES);
        const date = someDay();
        const start = Math.floor(Math.random() * (data.personIds.length - visible + 1));
        const ids = data.personIds.slice(start, start + visible);
        const from = startOfLocalDay(date, tz);
        const to = startOfLocalDay(addDays(date, 1), tz);
        const people = visible < data.personIds.length ? `&visiblePeople=${ids.join(',')}` : '';
        return {
          url: `${base}/api/v1/activities?date=${date}&tz=${encodeURIComponent(tz)}${people}`,
          raw: () => rawDay(db, accountId, ids, visible >= data.personIds.length, from, to),
        };
      };
    };
    const reads: Read[] = [
      { name: 'day timeline, 100 visible people', target: 20, next: day(100) },
      { name: `day timeline, all ${SCALE_PEOPLE} people`, target: 60, next: day(data.personIds.length) },
      {
        name: 'week of one person',
        target: 15,
        next: () => {
          const id = pick(data.personIds);
          const tz = timezones.get(id) ?? 'UTC';
          const date = dayAgo(Math.floor(Math.random() * SCALE_DAYS));
          const monday = mondayOf(date);
          const from = startOfLocalDay(monday, tz);
          const to = startOfLocalDay(addDays(monday, 7), tz);
          return {
            url: `${base}/api/v1/people/${id}/week?date=${date}`,
            raw: () => rawWeek(db, accountId, id, from, to),
          };
        },
      },
      {
        name: 'year of one person',
        target: 15,
        next: () => {
          const id = pick(data.personIds);
          const year = pick([thisYear, thisYear - 1]);
          return { url: `${base}/api/v1/people/${id}/year?year=${year}`, raw: () => rawYear(db, accountId, id, year) };
        },
      },
      {
        name: `overlap planner, 14 days, ${SCALE_PEOPLE} people`,
        target: 50,
        next: () => {
          const tz = pick(VIEWER_TIMEZONES);
          const first = addDays(localDateOf(new Date(), tz), -7);
          const from = startOfLocalDay(first, tz);
          const to = startOfLocalDay(addDays(first, 14), tz);
          return {
            url: `${base}/api/v1/overlap?from=${first}&days=14&tz=${encodeURIComponent(tz)}`,
            raw: () => rawOverlap(db, accountId, from, to, new Date()),
          };
        },
      },
    ];
    const only = process.env.BENCH_ONLY;
    const results: Result[] = [];
    const loads: number[] = [];
    for (const read of reads) {
      if (only && !read.name.includes(only)) continue;
      loads.push(loadavg()[0] ?? 0);
      results.push(await measure(read, cookie));
    }
    loads.push(loadavg()[0] ?? 0);

    console.log(
      `\nReads at scale: ${SECONDS} s per read, one client, HTTP request and raw SQL alternating; ` +
        `load average ${Math.min(...loads).toFixed(1)}-${Math.max(...loads).toFixed(1)}\n`,
    );
    console.log(
      '| read | requests | HTTP p50 ms | HTTP p95 ms | HTTP p99 ms | raw SQL p50 ms | raw SQL p95 ms | ratio p50 | ratio p95 | p95 target | answer |',
    );
    console.log('| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | --- |');
    let met = true;
    for (const r of results) {
      const ratio50 = r.http.p50 / Math.max(0.1, r.raw.p50);
      const ratio95 = r.http.p95 / Math.max(0.1, r.raw.p95);
      if (r.errors > 0 || r.requests === 0 || r.http.p95 > r.target || ratio95 > MAX_RATIO) met = false;
      console.log(
        `| ${r.name} | ${r.requests} | ${r.http.p50} | ${r.http.p95} | ${r.http.p99} | ${r.raw.p50} | ${r.raw.p95} | ` +
          `${ratio50.toFixed(2)}x | ${ratio95.toFixed(2)}x | ≤ ${r.target} | ${fmt(r.bytes)} B ${r.encoding}${r.errors ? `, ${r.errors} errors` : ''} |`,
      );
    }
    console.log(met ? '\nTargets met.' : `\nTargets NOT met (p95 target, and ratio ≤ ${MAX_RATIO}x).`);
    process.exitCode = met ? 0 : 1;
    if (process.env.BENCH_HOLD) {
      console.log(`Holding: ${databaseUrl} (account ${accountId}); Ctrl-C to stop.`);
      await new Promise((r) => process.once('SIGINT', r));
    }
  } finally {
    await pool.current?.end().catch(() => {});
    await server?.stop();
    await postgres?.stop();
    rmSync(dir, { recursive: true, force: true });
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
