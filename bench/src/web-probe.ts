/// <reference lib="dom" />
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { withSignedInDashboard } from './signed-in-dashboard.ts';

/**
 * The signed-in dashboard's load in headless Chromium at a phone's size with 4x CPU slowdown (no
 * network throttling), as a second view beside Lighthouse's simulation: when the day's request
 * leaves, the paints, the long tasks and React's commits, and where the main thread's time goes
 * (a sampling CPU profile of the load, self time by function). BENCH_PROBE_RUNS, default 3;
 * BENCH_PROBE_PROFILES=DIR also writes each run's profile there.
 */
const RUNS = Number(process.env.BENCH_PROBE_RUNS ?? 3);
const TEAM = 25;
const SETTLE_MS = 4_000;

interface Probe {
  /** Where the timeline opened (px from the top of the day). */
  scrollTop: number;
  fcp: number;
  lcp: number;
  lcpText: string;
  activitiesAt: number;
  overlapAt: number;
  longTasks: { start: number; duration: number }[];
  commits: number[];
  /** The app's requests as they ended: path and responseEnd (ms). */
  answers: { path: string; end: number }[];
}

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  children?: number[];
}

/** Total (inclusive) time (ms) by function and file, from a CDP CPU profile. */
function totalTimes(profile: { nodes: ProfileNode[]; samples: number[]; timeDeltas: number[] }): Map<string, number> {
  const parent = new Map<number, number>();
  for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const times = new Map<string, number>();
  profile.samples.forEach((id, i) => {
    const keys = new Set<string>();
    for (let at: number | undefined = id; at !== undefined; at = parent.get(at)) {
      const node = byId.get(at);
      if (!node?.callFrame.url) continue;
      keys.add(
        `${node.callFrame.functionName || '(anonymous)'} ${node.callFrame.url.split('/').pop()}:${node.callFrame.lineNumber}`,
      );
    }
    for (const key of keys) times.set(key, (times.get(key) ?? 0) + (profile.timeDeltas[i] ?? 0) / 1000);
  });
  return times;
}

/** Self time (ms) by function and file, from a CDP CPU profile. */
function selfTimes(profile: { nodes: ProfileNode[]; samples: number[]; timeDeltas: number[] }): Map<string, number> {
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const times = new Map<string, number>();
  profile.samples.forEach((id, i) => {
    const node = byId.get(id);
    if (!node) return;
    const file = node.callFrame.url.split('/').pop() ?? '';
    const key = `${node.callFrame.functionName || '(anonymous)'} ${file}:${node.callFrame.lineNumber}`;
    times.set(key, (times.get(key) ?? 0) + (profile.timeDeltas[i] ?? 0) / 1000);
  });
  return times;
}

const INIT = `
globalThis.__name = (f) => f;
window.__probe = { longTasks: [], lcp: 0, lcpText: '', commits: [] };
new PerformanceObserver((l) => { for (const e of l.getEntries()) window.__probe.longTasks.push({ start: e.startTime, duration: e.duration }); }).observe({ type: 'longtask', buffered: true });
new PerformanceObserver((l) => { for (const e of l.getEntries()) { window.__probe.lcp = e.startTime; window.__probe.lcpText = (e.element && e.element.textContent || '').slice(0, 50); } }).observe({ type: 'largest-contentful-paint', buffered: true });
window.__REACT_DEVTOOLS_GLOBAL_HOOK__ = { supportsFiber: true, renderers: new Map(), inject() { return 1; }, onCommitFiberRoot() { window.__probe.commits.push(performance.now()); }, onCommitFiberUnmount() {}, onPostCommitFiberRoot() {}, checkDCE() {} };
`;

async function main() {
  await withSignedInDashboard(TEAM, async ({ browser, url, cookie }) => {
    const profileTotals = new Map<string, number>();
    const inclusive = new Map<string, number>();
    const probes: Probe[] = [];
    for (let run = 0; run < RUNS; run++) {
      const context = await browser.newContext({ viewport: { width: 412, height: 823 }, deviceScaleFactor: 1.75 });
      await context.addCookies([cookie]);
      await context.addInitScript({ content: INIT });
      const page = await context.newPage();
      const cdp = await context.newCDPSession(page);
      await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
      await cdp.send('Profiler.enable');
      await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
      await cdp.send('Profiler.start');
      await page.goto(`${url}/`);
      await page
        .locator('section[aria-label^="Activity of "]')
        .nth(TEAM - 1)
        .waitFor({ state: 'attached' });
      await page.waitForTimeout(SETTLE_MS);
      const { profile } = (await cdp.send('Profiler.stop')) as unknown as {
        profile: { nodes: ProfileNode[]; samples: number[]; timeDeltas: number[] };
      };
      // BENCH_PROBE_PROFILES=DIR: each run's CPU profile, to open in a browser's devtools.
      const profiles = process.env.BENCH_PROBE_PROFILES;
      if (profiles) writeFileSync(join(profiles, `dashboard-${run + 1}.cpuprofile`), JSON.stringify(profile));
      for (const [key, ms] of selfTimes(profile)) profileTotals.set(key, (profileTotals.get(key) ?? 0) + ms / RUNS);
      for (const [key, ms] of totalTimes(profile)) inclusive.set(key, (inclusive.get(key) ?? 0) + ms / RUNS);
      probes.push(
        await page.evaluate(() => {
          const p = (
            window as unknown as {
              __probe: Omit<Probe, 'scrollTop' | 'fcp' | 'activitiesAt' | 'overlapAt' | 'answers'>;
            }
          ).__probe;
          const fcp = performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? 0;
          const started = (part: string) =>
            performance.getEntriesByType('resource').find((e) => e.name.includes(part))?.startTime ?? 0;
          const scrollTop = document.querySelector('[data-testid="timeline"]')?.scrollTop ?? -1;
          return {
            ...p,
            scrollTop,
            fcp,
            activitiesAt: started('/api/v1/activities'),
            overlapAt: started('/api/v1/overlap'),
            answers: performance
              .getEntriesByType('resource')
              .map((e) => e as PerformanceResourceTiming)
              .filter((e) => e.initiatorType === 'fetch')
              .map((e) => ({ path: new URL(e.name).pathname, end: e.responseEnd }))
              .sort((a, b) => a.end - b.end),
          };
        }),
      );
      await context.close();
    }
    const r = (n: number) => Math.round(n);
    console.log(
      '\n| run | FCP ms | LCP ms | LCP text | activities leaves ms | overlap leaves ms | long tasks | blocking ms (>50) | commits | scrollTop |',
    );
    console.log('| ---: | ---: | ---: | --- | ---: | ---: | ---: | ---: | ---: | ---: |');
    probes.forEach((p, i) => {
      const blocking = p.longTasks.reduce((s, t) => s + Math.max(0, t.duration - 50), 0);
      console.log(
        `| ${i + 1} | ${r(p.fcp)} | ${r(p.lcp)} | ${p.lcpText} | ${r(p.activitiesAt)} | ${r(p.overlapAt)} | ${p.longTasks.length} | ${r(blocking)} | ${p.commits.length} | ${r(p.scrollTop)} |`,
      );
    });
    for (const [i, p] of probes.entries()) {
      console.log(`run ${i + 1} long tasks: ${p.longTasks.map((t) => `${r(t.start)}+${r(t.duration)}`).join(' ')}`);
      console.log(`run ${i + 1} commits: ${p.commits.map(r).join(' ')}`);
      console.log(`run ${i + 1} answers: ${p.answers.map((a) => `${a.path}@${r(a.end)}`).join(' ')}`);
    }
    console.log('\nSelf time by function, mean over the runs (ms, 4x slowdown), top 40:');
    for (const [key, ms] of [...profileTotals].sort((a, b) => b[1] - a[1]).slice(0, 40)) {
      console.log(`${ms.toFixed(1).padStart(8)}  ${key}`);
    }
    console.log('\nTotal time by function (with what it calls), mean over the runs (ms, 4x slowdown), top 60:');
    for (const [key, ms] of [...inclusive].sort((a, b) => b[1] - a[1]).slice(0, 60)) {
      console.log(`${ms.toFixed(1).padStart(8)}  ${key}`);
    }
  });
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
