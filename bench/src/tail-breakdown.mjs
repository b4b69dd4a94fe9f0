// Joins the reads bench's per-request lines (BENCH_BREAKDOWN) with the server probe's
// (server-probe.mjs, PROBE_OUT) and says where each read's time goes, at the median and in the tail.
// node bench/src/tail-breakdown.mjs CLIENT_FILE SERVER_FILE
import { readFileSync } from 'node:fs';

const [clientFile, serverFile] = process.argv.slice(2);
const lines = (f) =>
  readFileSync(f, 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((l) => JSON.parse(l));
const server = new Map(lines(serverFile).map((r) => [r.seq, r]));
const today = new Date().toISOString().slice(0, 10);

const rows = [];
for (const c of lines(clientFile)) {
  const s = server.get(c.seq);
  if (!s) continue;
  const date = /date=([0-9-]+)/.exec(c.url)?.[1];
  const session = s.queries.find((q) => q.name === 'find_actor');
  const reads = s.queries.filter((q) => q.name !== 'find_actor');
  const firstRead = reads[0];
  const lastRead = reads.reduce((a, q) => (q.end > (a?.end ?? 0) ? q : a), null);
  const wall = s.finish - s.start;
  const q = (x) => (x ? x.end - x.start : 0);
  const readWait = reads.length ? lastRead.end - firstRead.start : 0;
  rows.push({
    read: c.read,
    today: date === today,
    httpFirst: !c.rawFirst,
    http: c.httpMs,
    raw: c.rawMs,
    headers: c.headersMs,
    body: c.httpMs - c.headersMs,
    outside: c.httpMs - wall,
    wall,
    beforeSession: session ? session.start - s.start : 0,
    session: q(session),
    between: session && firstRead ? firstRead.start - session.end : 0,
    readWait,
    build: lastRead && s.compress ? s.compress.start - lastRead.end : 0,
    compress: s.compress ? s.compress.end - s.compress.start : 0,
    send: s.compress ? s.finish - s.compress.end : lastRead ? s.finish - lastRead.end : 0,
    cpu: s.cpuMs,
    gc: s.gc.reduce((a, g) => a + g.ms, 0),
    gcs: s.gc.length,
    bytes: c.bytes,
    sent: s.length,
  });
}

const cols = [
  'http',
  'raw',
  'wall',
  'outside',
  'headers',
  'body',
  'beforeSession',
  'session',
  'between',
  'readWait',
  'build',
  'compress',
  'send',
  'cpu',
  'gc',
  'gcs',
  'bytes',
  'sent',
];
const mean = (list, k) => list.reduce((a, r) => a + r[k], 0) / Math.max(1, list.length);
const pct = (list, k, p) => {
  const v = list.map((r) => r[k]).sort((a, b) => a - b);
  return v[Math.min(v.length - 1, Math.floor(v.length * p))] ?? 0;
};
const f = (n) => (Math.abs(n) >= 1000 ? Math.round(n).toLocaleString('en-US') : n.toFixed(2));

for (const read of [...new Set(rows.map((r) => r.read))]) {
  const all = rows.filter((r) => r.read === read).sort((a, b) => a.http - b.http);
  const n = all.length;
  const band = (lo, hi) => all.slice(Math.floor(n * lo), Math.max(Math.floor(n * lo) + 1, Math.floor(n * hi)));
  const groups = [
    ['all', all],
    ['p40-p60', band(0.4, 0.6)],
    ['p90-p100', band(0.9, 1)],
    ['today', all.filter((r) => r.today)],
    ['past', all.filter((r) => !r.today)],
    ['past, HTTP first', all.filter((r) => !r.today && r.httpFirst)],
    ['past, HTTP second', all.filter((r) => !r.today && !r.httpFirst)],
  ];
  console.log(
    `\n## ${read} (${n} requests; today p50/p95 http ${f(pct(groups[3][1], 'http', 0.5))}/${f(pct(groups[3][1], 'http', 0.95))}, raw ${f(pct(groups[3][1], 'raw', 0.5))}/${f(pct(groups[3][1], 'raw', 0.95))}; past http ${f(pct(groups[4][1], 'http', 0.5))}/${f(pct(groups[4][1], 'http', 0.95))}, raw ${f(pct(groups[4][1], 'raw', 0.5))}/${f(pct(groups[4][1], 'raw', 0.95))})`,
  );
  console.log(`| group | n | today % | ${cols.join(' | ')} |`);
  console.log(`| --- | ---: | ---: | ${cols.map(() => '---:').join(' | ')} |`);
  for (const [name, list] of groups) {
    const todayShare = (100 * list.filter((r) => r.today).length) / Math.max(1, list.length);
    console.log(
      `| ${name} mean | ${list.length} | ${todayShare.toFixed(0)} | ${cols.map((k) => f(mean(list, k))).join(' | ')} |`,
    );
  }
  // p95 of each component over all requests, for comparison with the sum
  console.log(`| p95 of each | ${n} | | ${cols.map((k) => f(pct(all, k, 0.95))).join(' | ')} |`);
  console.log(`| p50 of each | ${n} | | ${cols.map((k) => f(pct(all, k, 0.5))).join(' | ')} |`);
}
