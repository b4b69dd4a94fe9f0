// Preloaded into the bench's server process (BENCH_SERVER_NODE_ARGS="--import ./bench/src/server-probe.mjs",
// PROBE_OUT=file): records, per HTTP request, its queries to PostgreSQL (name, start, end), its
// compression call, the server's CPU time and the garbage collections, as JSON lines. With one
// client, requests never overlap, so everything between a request's start and its finish is its.

import diagnostics from 'node:diagnostics_channel';
import { appendFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { PerformanceObserver, performance } from 'node:perf_hooks';
import zlib from 'node:zlib';

const out = process.env.PROBE_OUT;
const require = createRequire(new URL('../../server/package.json', import.meta.url));
const pg = require('pg');

let current = null;
let buffer = [];
const flush = () => {
  if (buffer.length && out) appendFileSync(out, buffer.join(''));
  buffer = [];
};
process.on('exit', flush);

diagnostics.subscribe('http.server.request.start', ({ request }) => {
  current = {
    seq: request.headers['x-bench-seq'] ?? null,
    url: request.url,
    start: performance.now(),
    cpu0: process.cpuUsage(),
    queries: [],
    compress: null,
    gc: [],
  };
});
diagnostics.subscribe('http.server.response.finish', ({ response }) => {
  const r = current;
  if (!r) return;
  current = null;
  const cpu = process.cpuUsage(r.cpu0);
  r.finish = performance.now();
  r.cpuMs = (cpu.user + cpu.system) / 1000;
  r.length = Number(response.getHeader('content-length') ?? 0);
  delete r.cpu0;
  buffer.push(`${JSON.stringify(r)}\n`);
  if (buffer.length >= 200) flush();
});

new PerformanceObserver((list) => {
  for (const e of list.getEntries()) {
    if (current) current.gc.push({ start: e.startTime, ms: e.duration, kind: e.detail?.kind ?? e.kind });
  }
}).observe({ entryTypes: ['gc'] });

const original = pg.Client.prototype.query;
pg.Client.prototype.query = function probedQuery(config, values, callback) {
  const r = current;
  if (!r) return original.call(this, config, values, callback);
  const q = {
    name:
      (typeof config === 'object' && config?.name) ||
      (typeof config === 'string' ? config.slice(0, 40) : (config?.text ?? '').slice(0, 40)),
    start: performance.now(),
  };
  r.queries.push(q);
  const done = () => {
    q.end = performance.now();
  };
  if (typeof callback === 'function') {
    return original.call(this, config, values, (...a) => {
      done();
      return callback(...a);
    });
  }
  if (typeof values === 'function') {
    return original.call(this, config, (...a) => {
      done();
      return values(...a);
    });
  }
  if (config && typeof config.callback === 'function') {
    const cb = config.callback;
    config.callback = (...a) => {
      done();
      return cb(...a);
    };
    return original.call(this, config, values);
  }
  const result = original.call(this, config, values);
  if (result && typeof result.then === 'function') result.then(done, done);
  return result;
};

for (const name of ['brotliCompressSync', 'gzipSync']) {
  const fn = zlib[name];
  zlib[name] = (payload, options) => {
    const t0 = performance.now();
    const res = fn(payload, options);
    if (current) current.compress = { start: t0, end: performance.now(), in: payload.length, out: res.length };
    return res;
  };
}
