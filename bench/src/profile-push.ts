/**
 * `npm run profile:push -w bench`: one integration, sequential 100-user presence pushes (PROFILE_WARMUP
 * first, default 30, then PROFILE_REQUESTS measured, default 20), every SQL statement of the server
 * timed. Prints the mean request time and, per statement shape, calls per request and mean ms.
 * PROFILE_ENDPOINT=events pushes 100 new events instead (after one presence push naming the people).
 */
import { resolve } from 'node:path';
import { eventBodies, presenceBodies } from './bodies.ts';
import { startBenchEnvironment } from './setup.ts';

const WARMUP = Number(process.env.PROFILE_WARMUP ?? 30);
const REQUESTS = Number(process.env.PROFILE_REQUESTS ?? 20);
const EVENTS = process.env.PROFILE_ENDPOINT === 'events';

async function main() {
  let capturing = false;
  const lines: string[] = [];
  let pending = '';
  const env = await startBenchEnvironment(1, {
    serverImports: [resolve(import.meta.dirname, 'profile-hook.ts')],
    // PROFILE_CPU_DIR: also write a V8 CPU profile of the server process there (on exit).
    serverNodeArgs: process.env.PROFILE_CPU_DIR ? ['--cpu-prof', `--cpu-prof-dir=${process.env.PROFILE_CPU_DIR}`] : [],
    onServerOutput: (text) => {
      pending += text;
      const parts = pending.split('\n');
      pending = parts.pop() ?? '';
      if (capturing) lines.push(...parts.filter((l) => l.startsWith('[query] ')));
    },
  });
  try {
    const presence = presenceBodies(env.keys);
    const next = EVENTS ? eventBodies(env.keys) : presence;
    const push = async (make = next, path = EVENTS ? '/api/v1/events' : '/api/v1/presence') => {
      const { key, body } = make();
      const t0 = performance.now();
      const res = await fetch(`${env.url}${path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${key}` },
        body,
      });
      if (!res.ok) throw new Error(`push failed: ${res.status} ${await res.text()}`);
      await res.arrayBuffer();
      return performance.now() - t0;
    };
    if (EVENTS) await push(presence, '/api/v1/presence');
    for (let i = 0; i < WARMUP; i++) await push();
    await new Promise((r) => setTimeout(r, 200));
    capturing = true;
    const times: number[] = [];
    for (let i = 0; i < REQUESTS; i++) times.push(await push());
    await new Promise((r) => setTimeout(r, 300));
    capturing = false;

    const byShape = new Map<string, { n: number; ms: number }>();
    for (const line of lines) {
      const [, ms, ...rest] = line.split(' ');
      const shape = rest.join(' ').slice(0, 90);
      const entry = byShape.get(shape) ?? { n: 0, ms: 0 };
      entry.n++;
      entry.ms += Number(ms);
      byShape.set(shape, entry);
    }
    times.sort((a, b) => a - b);
    const mean = times.reduce((a, b) => a + b, 0) / times.length;
    console.log(`\n${REQUESTS} sequential pushes of 100 ${EVENTS ? 'events' : 'users'} after ${WARMUP} warm-up pushes`);
    console.log(`request: mean ${mean.toFixed(1)} ms, p50 ${times[Math.floor(times.length / 2)]?.toFixed(1)} ms\n`);
    console.log('| per request | mean ms | statement |');
    console.log('| ---: | ---: | --- |');
    const rows = [...byShape.entries()].sort((a, b) => b[1].ms - a[1].ms);
    for (const [shape, e] of rows) {
      console.log(`| ${(e.n / REQUESTS).toFixed(1)} | ${(e.ms / e.n).toFixed(2)} | ${shape.replace(/\|/g, '/')} |`);
    }
    const total = rows.reduce((a, [, e]) => a + e.ms, 0) / REQUESTS;
    console.log(`\nSQL time per request: ${total.toFixed(1)} ms`);
  } finally {
    await env.stop();
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
