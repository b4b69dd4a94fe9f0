import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { connectDatabase } from '../../server/src/db/client.ts';
import { ensureDatabase, startEmbeddedPostgres } from '../../server/src/db/embedded.ts';
import { createSession } from '../../server/src/modules/auth/session.ts';
import { DAYS, generateReadsData, PEOPLE } from './reads-data.ts';
import { startServerProcess } from './server-process.ts';

/** Seconds per measured endpoint (BENCH_SECONDS, default 15) and concurrent clients (BENCH_CONNECTIONS, default 1: latency, not queueing). */
const SECONDS = Number(process.env.BENCH_SECONDS ?? 15);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 1);
const TARGETS = { activities: 50, week: 50, year: 100 } as const;
const VIEWER_TIMEZONES = ['Europe/Berlin', 'America/New_York', 'UTC', 'Asia/Tokyo'];

interface Result {
  name: string;
  requests: number;
  errors: number;
  p50: number;
  p95: number;
  p99: number;
  target: number;
}

const pick = <T>(list: readonly T[]): T => list[Math.floor(Math.random() * list.length)] as T;
const dayAgo = (n: number) => new Date(Date.now() - n * 86_400_000).toISOString().slice(0, 10);

/** CONNECTIONS clients each sending one request after the other for SECONDS; latencies in ms. */
async function measure(name: string, target: number, cookie: string, nextUrl: () => string): Promise<Result> {
  const latencies: number[] = [];
  let errors = 0;
  const run = async (until: number, record: boolean) => {
    await Promise.all(
      Array.from({ length: CONNECTIONS }, async () => {
        while (Date.now() < until) {
          const t0 = performance.now();
          const res = await fetch(nextUrl(), { headers: { cookie } });
          await res.arrayBuffer();
          const ms = performance.now() - t0;
          if (!record) continue;
          if (res.ok) latencies.push(ms);
          else errors++;
        }
      }),
    );
  };
  await run(Date.now() + 2000, false);
  await run(Date.now() + SECONDS * 1000, true);
  latencies.sort((a, b) => a - b);
  const pct = (p: number) =>
    Math.round((latencies[Math.min(latencies.length - 1, Math.floor(latencies.length * p))] ?? 0) * 10) / 10;
  return { name, requests: latencies.length, errors, p50: pct(0.5), p95: pct(0.95), p99: pct(0.99), target };
}

async function main() {
  const dir = mkdtempSync(join(tmpdir(), 'overlap-reads-bench-'));
  const postgres = await startEmbeddedPostgres(join(dir, 'postgres'));
  let server: Awaited<ReturnType<typeof startServerProcess>> | null = null;
  const database = { current: null as ReturnType<typeof connectDatabase> | null };
  try {
    const databaseUrl = await ensureDatabase(postgres.url, 'overlap');
    server = await startServerProcess(databaseUrl, join(dir, 'data'));
    database.current = connectDatabase(databaseUrl, { max: 4 });
    const t0 = performance.now();
    const data = await generateReadsData(database.current.pool);
    console.log(
      `Generated ${PEOPLE} people, ${data.blocks.toLocaleString('en-US')} blocks, ${data.events.toLocaleString('en-US')} events, ` +
        `${data.rollups.toLocaleString('en-US')} daily rollups over ${DAYS} days in ${Math.round(performance.now() - t0)} ms.`,
    );
    const cookie = `overlap_session=${await createSession(database.current.db, data.userId)}`;
    const base = server.url;
    const check = await fetch(`${base}/api/v1/activities?date=${dayAgo(1)}`, { headers: { cookie } });
    if (!check.ok) throw new Error(`GET /activities answered ${check.status}: ${await check.text()}`);
    const thisYear = new Date().getUTCFullYear();

    const results = [
      await measure('GET /api/v1/activities (100 people, one day)', TARGETS.activities, cookie, () => {
        const date = Math.random() < 0.5 ? dayAgo(0) : dayAgo(Math.floor(Math.random() * DAYS));
        return `${base}/api/v1/activities?date=${date}&tz=${encodeURIComponent(pick(VIEWER_TIMEZONES))}`;
      }),
      await measure('GET /api/v1/people/:id/week', TARGETS.week, cookie, () => {
        return `${base}/api/v1/people/${pick(data.personIds)}/week?date=${dayAgo(Math.floor(Math.random() * DAYS))}`;
      }),
      await measure('GET /api/v1/people/:id/year', TARGETS.year, cookie, () => {
        return `${base}/api/v1/people/${pick(data.personIds)}/year?year=${pick([thisYear, thisYear - 1])}`;
      }),
    ];

    console.log(`\nRead benchmark: ${SECONDS} s per endpoint, ${CONNECTIONS} concurrent clients\n`);
    console.log('| endpoint | requests | p50 ms | p95 ms | p99 ms | p95 target | errors |');
    console.log('| --- | ---: | ---: | ---: | ---: | ---: | ---: |');
    for (const r of results) {
      console.log(`| ${r.name} | ${r.requests} | ${r.p50} | ${r.p95} | ${r.p99} | < ${r.target} | ${r.errors} |`);
    }
    const met = results.every((r) => r.p95 < r.target && r.errors === 0 && r.requests > 0);
    console.log(met ? '\nTargets met.' : '\nTargets NOT met.');
    process.exitCode = met ? 0 : 1;
  } finally {
    await database.current?.close().catch(() => {});
    await server?.stop();
    await postgres.stop();
    rmSync(dir, { recursive: true, force: true });
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
