/// <reference lib="dom" />
import { withSignedInDashboard } from './signed-in-dashboard.ts';

/**
 * Frame times of the dashboard timeline with 100 columns in headless Chromium (software rendering):
 * the timeline is scrolled diagonally for 120 animation frames per run (BENCH_FRAMES_RUNS, default 5);
 * frame times come from requestAnimationFrame, long tasks from PerformanceObserver.
 */
const RUNS = Number(process.env.BENCH_FRAMES_RUNS ?? 5);
const TEAM = 100;
const STEPS = 120;

interface Run {
  frames: number;
  medianMs: number;
  p95Ms: number;
  maxMs: number;
  over50ms: number;
  longTasks: number;
  longTaskMs: number;
}

async function main() {
  await withSignedInDashboard(TEAM, async ({ browser, url, cookie }) => {
    const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
    await context.addCookies([cookie]);
    // tsx keeps function names with a `__name` helper the page does not have.
    await context.addInitScript({ content: 'globalThis.__name = (f) => f;' });
    const page = await context.newPage();
    await page.goto(`${url}/`);
    const columns = page.locator('[data-testid="timeline"] section[aria-label^="Activity of "]');
    await columns.nth(TEAM - 1).waitFor({ state: 'attached', timeout: 60_000 });
    const count = await columns.count();
    await page.waitForTimeout(1_000);

    const runs: Run[] = [];
    for (let i = 0; i < RUNS; i++) {
      runs.push(
        await page.evaluate(async (steps) => {
          const el = document.querySelector('[data-testid="timeline"]') as HTMLElement;
          el.scrollLeft = 0;
          el.scrollTop = 0;
          await new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)));
          const longTasks: number[] = [];
          const observer = new PerformanceObserver((list) => {
            for (const e of list.getEntries()) longTasks.push(e.duration);
          });
          observer.observe({ entryTypes: ['longtask'] });
          const frames: number[] = [];
          let last = performance.now();
          const max = el.scrollWidth - el.clientWidth;
          await new Promise<void>((done) => {
            let step = 0;
            const tick = (t: number) => {
              frames.push(t - last);
              last = t;
              step++;
              el.scrollLeft = (max * step) / steps;
              el.scrollTop = (step % 60) * 8;
              if (step < steps) requestAnimationFrame(tick);
              else done();
            };
            requestAnimationFrame(tick);
          });
          observer.disconnect();
          const sorted = frames.slice(1).sort((a, b) => a - b);
          const pct = (p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
          return {
            frames: sorted.length,
            medianMs: pct(50),
            p95Ms: pct(95),
            maxMs: sorted.at(-1) ?? 0,
            over50ms: sorted.filter((f) => f > 50).length,
            longTasks: longTasks.length,
            longTaskMs: Math.round(longTasks.reduce((a, b) => a + b, 0)),
          };
        }, STEPS),
      );
    }
    await context.close();

    const f = (n: number) => n.toFixed(1);
    console.log(`\nTimeline frames: ${count} columns, ${STEPS} frames of diagonal scroll per run, headless Chromium\n`);
    console.log('| run | frames | median ms | p95 ms | max ms | frames > 50 ms | long tasks | long-task ms |');
    console.log('| --: | -----: | --------: | -----: | -----: | -------------: | ---------: | -----------: |');
    for (const [i, r] of runs.entries()) {
      console.log(
        `| ${i + 1} | ${r.frames} | ${f(r.medianMs)} | ${f(r.p95Ms)} | ${f(r.maxMs)} | ${r.over50ms} | ${r.longTasks} | ${r.longTaskMs} |`,
      );
    }
    const mid = (pick: (r: Run) => number) => runs.map(pick).sort((a, b) => a - b)[Math.floor(runs.length / 2)] ?? 0;
    console.log(
      `\nMedian of ${RUNS} runs: median frame ${f(mid((r) => r.medianMs))} ms, p95 frame ${f(mid((r) => r.p95Ms))} ms, ` +
        `${mid((r) => r.longTasks)} long tasks (${mid((r) => r.longTaskMs)} ms).`,
    );
  });
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
