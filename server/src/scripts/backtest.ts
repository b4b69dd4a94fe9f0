import { DEFAULT_MODEL } from '../engine/predictions/model.ts';
import { runBacktest, type Scores } from '../pipeline/backtest.ts';

const pct = (x: number) => `${(x * 100).toFixed(1)}%`;
const row = (name: string, s: Scores) =>
  `| ${name.padEnd(44)} | ${pct(s.precision).padStart(9)} | ${pct(s.recall).padStart(6)} | ${pct(s.f1).padStart(6)} |`;

const started = performance.now();
const result = runBacktest();
const ms = Math.round(performance.now() - started);
const m = DEFAULT_MODEL;
console.log(
  `Predictions back-test: demo team (seed 42), ${result.people} people, ${result.weeksOfHistory} weeks of history, ` +
    `${result.weeksEvaluated} weeks predicted, ${result.slots.toLocaleString('en-US')} 15-minute slots (${ms} ms)\n`,
);
console.log(`| ${'predictor'.padEnd(44)} | precision | recall |     F1 |`);
console.log(`| ${'-'.repeat(44)} | --------: | -----: | -----: |`);
console.log(row(`model (${m.weeks} wk, decay ${m.decay}, blend ${m.blend}, thr ${m.threshold})`, result.model));
console.log(row('baseline: same as the same weekday last week', result.baseline));
const gain = result.model.f1 - result.baseline.f1;
console.log(`\nF1 ${gain >= 0 ? 'gain' : 'loss'} over the baseline: ${(gain * 100).toFixed(1)} points`);
if (gain <= 0) process.exitCode = 1;
