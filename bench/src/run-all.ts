import { randomUUID } from 'node:crypto';
import { loadavg } from 'node:os';
import autocannon from 'autocannon';
import { BATCH, eventBodies, presenceBodies, STATUSES } from './bodies.ts';
import { type CpuSnapshot, cpuSince, cpuSnapshot } from './cpu.ts';
import { type BenchEnvironment, resetStatements, startBenchEnvironment, statementReport } from './setup.ts';

/** Seconds per measured phase (BENCH_SECONDS, default 20). */
const SECONDS = Number(process.env.BENCH_SECONDS ?? 20);
/** Concurrent pushes (BENCH_CONNECTIONS, default 8), all with one key (BENCH_KEYS, default 1). */
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 8);
const INTEGRATIONS = Number(process.env.BENCH_KEYS ?? 1);
/** People each key reports, 100 per push (BENCH_TEAM, default 1,000). */
const TEAM = Number(process.env.BENCH_TEAM ?? 1000);
/** BENCH_ONLY=presence: the raw insert and the presence phases only, for comparing presence changes. */
const PRESENCE_ONLY = process.env.BENCH_ONLY === 'presence';
/** BENCH_ONLY=events: the raw insert and the events phases only, for comparing events changes. */
const EVENTS_ONLY = process.env.BENCH_ONLY === 'events';
const TARGETS = { presenceRatio: 0.25, eventsRatio: 0.1, p99Half: 100, p99Saturated: 250, drainMs: 2000 };

interface Row {
  name: string;
  requestsPerSecond: number;
  itemsPerSecond: number;
  p50: number;
  p99: number;
  errors: number;
  /** CPU ms per successful request: server process, PostgreSQL, bench (load generator). */
  cpu?: CpuSnapshot;
}

async function load(
  env: BenchEnvironment,
  name: string,
  path: string,
  make: () => { key: string; body: string },
  /** Requests per second for all connections together; unset: as fast as the server answers. */
  overallRate?: number,
) {
  await resetStatements(env.pool);
  const cpuBefore = cpuSnapshot(env.serverPid, env.postgresPid);
  const result = await autocannon({
    url: env.url,
    connections: CONNECTIONS,
    duration: SECONDS,
    ...(overallRate ? { overallRate } : {}),
    requests: [
      {
        method: 'POST',
        path,
        setupRequest: (req) => {
          const { key, body } = make();
          return {
            ...req,
            body,
            headers: { ...req.headers, 'content-type': 'application/json', authorization: `Bearer ${key}` },
          };
        },
      },
    ],
  });
  const ok = result.requests.total - result.non2xx - result.errors;
  const cpu = cpuSince(cpuBefore, env.serverPid, env.postgresPid);
  const perRequest = (seconds: number) => Math.round((seconds * 1000 * 100) / Math.max(1, ok)) / 100;
  return {
    cpu: { server: perRequest(cpu.server), postgres: perRequest(cpu.postgres), bench: perRequest(cpu.bench) },
    name,
    requestsPerSecond: ok / SECONDS,
    itemsPerSecond: (ok * BATCH) / SECONDS,
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.non2xx + result.errors,
  } satisfies Row;
}

/** The same rows, as plain 100-row INSERTs into a bare table, with the same concurrency. */
async function rawInsert(env: BenchEnvironment): Promise<Row> {
  await env.pool.query('create table bench_raw_samples (person_integration_id uuid, at timestamptz, status text)');
  const ids = Array.from({ length: BATCH }, () => randomUUID());
  const cpuBefore = cpuSnapshot(env.serverPid, env.postgresPid);
  const deadline = Date.now() + SECONDS * 1000;
  let batches = 0;
  let tick = 0;
  const latencies: number[] = [];
  await Promise.all(
    Array.from({ length: CONNECTIONS }, async () => {
      while (Date.now() < deadline) {
        const at = new Date(Date.now() - 86_400_000 + tick++ * 1000).toISOString();
        const params: string[] = [];
        const values = ids.map((id, n) => {
          params.push(id, at, STATUSES[n % STATUSES.length] as string);
          return `($${n * 3 + 1}, $${n * 3 + 2}, $${n * 3 + 3})`;
        });
        const t0 = performance.now();
        await env.pool.query(
          `insert into bench_raw_samples (person_integration_id, at, status) values ${values.join(',')}`,
          params,
        );
        latencies.push(performance.now() - t0);
        batches++;
      }
    }),
  );
  const cpu = cpuSince(cpuBefore, env.serverPid, env.postgresPid);
  const perBatch = (seconds: number) => Math.round((seconds * 1000 * 100) / Math.max(1, batches)) / 100;
  latencies.sort((a, b) => a - b);
  const pct = (p: number) => latencies[Math.min(latencies.length - 1, Math.floor(latencies.length * p))] ?? 0;
  return {
    name: 'raw multi-row INSERT',
    cpu: { server: 0, postgres: perBatch(cpu.postgres), bench: perBatch(cpu.bench) },
    requestsPerSecond: batches / SECONDS,
    itemsPerSecond: (batches * BATCH) / SECONDS,
    p50: Math.round(pct(0.5) * 10) / 10,
    p99: Math.round(pct(0.99) * 10) / 10,
    errors: 0,
  };
}

function printTable(rows: Row[]) {
  const fmt = (n: number) => n.toLocaleString('en-US', { maximumFractionDigits: 0 });
  console.log(`\nIngest benchmark: ${SECONDS} s per phase, ${CONNECTIONS} connections, batches of ${BATCH}\n`);
  console.log('| phase | requests/s | items/s | p50 ms | p99 ms | errors | CPU ms/request: server, PostgreSQL, load |');
  console.log('| --- | ---: | ---: | ---: | ---: | ---: | ---: |');
  for (const r of rows) {
    const cpu = r.cpu ? `${r.cpu.server}, ${r.cpu.postgres}, ${r.cpu.bench}` : '';
    console.log(
      `| ${r.name} | ${fmt(r.requestsPerSecond)} | ${fmt(r.itemsPerSecond)} | ${r.p50} | ${r.p99} | ${r.errors} | ${cpu} |`,
    );
  }
}

/**
 * The push answers once the samples (or events) are committed to their inbox; the engine applies
 * them right behind. The rate only counts if the engine kept up: report what was still waiting in
 * both inboxes when the load stopped and how long the engine took to apply it.
 */
async function engineLag(env: BenchEnvironment) {
  const count = async () =>
    Number(
      (
        await env.pool.query<{ n: string }>(
          `select (select coalesce(sum(cardinality(person_integration_ids)), 0) from presence_inbox)
                + (select count(*) from event_inbox) as n`,
        )
      ).rows[0]?.n ?? 0,
    );
  const waiting = await count();
  const t0 = performance.now();
  const deadline = Date.now() + 120_000;
  while ((await count()) > 0 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 10));
  const blocks = await env.pool.query<{ n: string }>('select count(*) as n from activity_blocks');
  return { waiting, catchUpMs: Math.round(performance.now() - t0), blocks: Number(blocks.rows[0]?.n ?? 0) };
}

/** The inbox's size once a second during the load: whether the engine keeps up, or falls behind. */
function sampleInbox(env: BenchEnvironment) {
  const sizes: number[] = [];
  let running = true;
  const loop = (async () => {
    while (running) {
      const r = await env.pool.query<{ n: string }>(
        'select coalesce(sum(cardinality(person_integration_ids)), 0) as n from presence_inbox',
      );
      sizes.push(Number(r.rows[0]?.n ?? 0));
      await new Promise((resolve) => setTimeout(resolve, 1000));
    }
  })();
  return {
    async stop() {
      running = false;
      await loop;
      const sorted = [...sizes].sort((a, b) => a - b);
      return { max: sorted.at(-1) ?? 0, median: sorted[Math.floor(sorted.length / 2)] ?? 0 };
    },
  };
}

/** The events pushes, saturated then at half that rate, with the engine's lag and the statements of each. */
async function eventsPhases(env: BenchEnvironment) {
  const eventBody = eventBodies(env.keys, TEAM);
  const events = await load(env, 'POST /api/v1/events (100 events), saturated', '/api/v1/events', eventBody);
  const eventsLag = await engineLag(env);
  const statements = [await statementReport(env.pool, 'events saturated, until the inbox was applied')];
  const eventsHalfRate = Math.max(1, Math.round(events.requestsPerSecond / 2));
  const eventsSteady = await load(
    env,
    `POST /api/v1/events at half that rate (${eventsHalfRate}/s)`,
    '/api/v1/events',
    eventBody,
    eventsHalfRate,
  );
  statements.push(await statementReport(env.pool, 'events at half rate'));
  return { events, eventsSteady, eventsLag, statements };
}

async function main() {
  const env = await startBenchEnvironment(INTEGRATIONS, {
    // e.g. BENCH_SERVER_NODE_ARGS="--cpu-prof --cpu-prof-dir=DIR" to profile the server under load
    serverNodeArgs: process.env.BENCH_SERVER_NODE_ARGS?.split(' ').filter(Boolean) ?? [],
  });
  try {
    const loads = [loadavg()[0] ?? 0];
    // The raw insert first, on the empty database, as the ceiling the pushes are compared with.
    const raw = await rawInsert(env);
    loads.push(loadavg()[0] ?? 0);
    if (EVENTS_ONLY) {
      const report = await eventsPhases(env);
      loads.push(loadavg()[0] ?? 0);
      printTable([report.events, report.eventsSteady, raw]);
      console.log(
        `\nLoad average ${Math.min(...loads).toFixed(1)}-${Math.max(...loads).toFixed(1)}. Events ` +
          `${((report.events.itemsPerSecond / raw.itemsPerSecond) * 100).toFixed(1)}% of raw; ${report.eventsLag.waiting} ` +
          `waited in the event inbox when the saturated load stopped, all applied ${report.eventsLag.catchUpMs} ms later.`,
      );
      for (const statement of report.statements) if (statement) console.log(statement);
      return;
    }
    const sampler = sampleInbox(env);
    const presenceBody = presenceBodies(env.keys, TEAM);
    const presence = await load(env, 'POST /api/v1/presence (100 users), saturated', '/api/v1/presence', presenceBody);
    const backlog = await sampler.stop();
    const lag = await engineLag(env);
    const statements = [await statementReport(env.pool, 'presence saturated, until the inbox was applied')];
    loads.push(loadavg()[0] ?? 0);
    // The same pushes at half that rate: the latency a source sees when the server is not saturated.
    const halfRate = Math.max(1, Math.round(presence.requestsPerSecond / 2));
    const steady = await load(
      env,
      `POST /api/v1/presence at half that rate (${halfRate}/s)`,
      '/api/v1/presence',
      presenceBody,
      halfRate,
    );
    const steadyLag = await engineLag(env);
    statements.push(await statementReport(env.pool, 'presence at half rate, until the inbox was applied'));
    loads.push(loadavg()[0] ?? 0);
    if (PRESENCE_ONLY) {
      printTable([presence, steady, raw]);
      console.log(
        `\nLoad average ${Math.min(...loads).toFixed(1)}-${Math.max(...loads).toFixed(1)}. Presence ` +
          `${((presence.itemsPerSecond / raw.itemsPerSecond) * 100).toFixed(1)}% of raw; at most ${backlog.max} samples waited, ` +
          `all applied ${lag.catchUpMs} ms after the load (${steadyLag.catchUpMs} ms after the half-rate load).`,
      );
      for (const report of statements) if (report) console.log(report);
      return;
    }
    const { events, eventsSteady, eventsLag, statements: eventStatements } = await eventsPhases(env);
    loads.push(loadavg()[0] ?? 0);
    statements.push(...eventStatements);
    printTable([presence, steady, events, eventsSteady, raw]);
    console.log(
      `\nLoad average ${Math.min(...loads).toFixed(1)}-${Math.max(...loads).toFixed(1)}. ` +
        `Engine: at most ${backlog.max} samples (median ${backlog.median}) waited in the inbox during the saturated load, ` +
        `${lag.waiting} when it stopped, all applied ${lag.catchUpMs} ms later (${steadyLag.catchUpMs} ms after the half-rate load; ${lag.blocks} blocks). ` +
        `Events: ${eventsLag.waiting} waited in the event inbox when the saturated load stopped, all applied ${eventsLag.catchUpMs} ms later.`,
    );
    const presenceRatio = presence.itemsPerSecond / raw.itemsPerSecond;
    const eventsRatio = events.itemsPerSecond / raw.itemsPerSecond;
    const checks: [string, boolean][] = [
      [
        `presence samples/s ${(presenceRatio * 100).toFixed(1)}% of raw (>= 25%)`,
        presenceRatio >= TARGETS.presenceRatio,
      ],
      [`presence p99 saturated ${presence.p99} ms (< 250)`, presence.p99 < TARGETS.p99Saturated],
      [`presence p99 at half rate ${steady.p99} ms (< 100)`, steady.p99 < TARGETS.p99Half],
      [`inbox drained ${lag.catchUpMs} ms after the load (<= 2000)`, lag.catchUpMs <= TARGETS.drainMs],
      [`events/s ${(eventsRatio * 100).toFixed(1)}% of raw (>= 10%)`, eventsRatio >= TARGETS.eventsRatio],
      [`events p99 saturated ${events.p99} ms (< 250)`, events.p99 < TARGETS.p99Saturated],
      [`events p99 at half rate ${eventsSteady.p99} ms (< 100)`, eventsSteady.p99 < TARGETS.p99Half],
      [
        `event inbox drained ${eventsLag.catchUpMs} ms after the load (<= 2000)`,
        eventsLag.catchUpMs <= TARGETS.drainMs,
      ],
      ['no errors', [presence, steady, events, eventsSteady].every((r) => r.errors === 0)],
    ];
    for (const report of statements) if (report) console.log(report);
    console.log('');
    for (const [label, ok] of checks) console.log(`${ok ? 'met    ' : 'NOT met'}  ${label}`);
    const met = checks.every(([, ok]) => ok);
    console.log(met ? 'Targets met.' : 'Targets NOT met.');
    process.exitCode = met ? 0 : 1;
  } finally {
    await env.stop();
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
