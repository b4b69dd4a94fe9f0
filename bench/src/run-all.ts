import { randomUUID } from 'node:crypto';
import autocannon from 'autocannon';
import { BATCH, eventBodies, presenceBodies, STATUSES } from './bodies.ts';
import { type BenchEnvironment, startBenchEnvironment } from './setup.ts';

/** Seconds per measured phase (BENCH_SECONDS, default 60). */
const SECONDS = Number(process.env.BENCH_SECONDS ?? 60);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10);
const INTEGRATIONS = 10;

interface Row {
  name: string;
  requestsPerSecond: number;
  itemsPerSecond: number;
  p50: number;
  p99: number;
  errors: number;
}

async function load(env: BenchEnvironment, name: string, path: string, make: () => { key: string; body: string }) {
  const result = await autocannon({
    url: env.url,
    connections: CONNECTIONS,
    duration: SECONDS,
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
  return {
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
  latencies.sort((a, b) => a - b);
  const pct = (p: number) => latencies[Math.min(latencies.length - 1, Math.floor(latencies.length * p))] ?? 0;
  return {
    name: 'raw multi-row INSERT',
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
  console.log('| phase | requests/s | items/s | p50 ms | p99 ms | errors |');
  console.log('| --- | ---: | ---: | ---: | ---: | ---: |');
  for (const r of rows) {
    console.log(
      `| ${r.name} | ${fmt(r.requestsPerSecond)} | ${fmt(r.itemsPerSecond)} | ${r.p50} | ${r.p99} | ${r.errors} |`,
    );
  }
}

async function main() {
  const env = await startBenchEnvironment(INTEGRATIONS);
  try {
    const presence = await load(env, 'POST /api/v1/presence (100 users)', '/api/v1/presence', presenceBodies(env.keys));
    const events = await load(env, 'POST /api/v1/events (100 events)', '/api/v1/events', eventBodies(env.keys));
    const raw = await rawInsert(env);
    printTable([presence, events, raw]);
    const ratio = presence.itemsPerSecond / raw.itemsPerSecond;
    console.log(
      `\nPresence samples/s are ${(ratio * 100).toFixed(1)}% of the raw insert rate (target >= 25%); ` +
        `presence p99 ${presence.p99} ms (target < 100 ms).`,
    );
    const met = ratio >= 0.25 && presence.p99 < 100 && presence.errors === 0;
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
