import { generatePresence } from '../connectors/demo/generator.ts';
import { DEMO_TEAM, type DemoMember } from '../connectors/demo/team.ts';
import { computeBlocks } from '../engine/blocks.ts';
import {
  DEFAULT_MODEL,
  Occupancy,
  type PredictionModel,
  SLOTS_PER_DAY,
  slotProbabilities,
} from '../engine/predictions/model.ts';
import { localDayOf } from '../lib/zoned-time.ts';

export interface Scores {
  truePositives: number;
  falsePositives: number;
  falseNegatives: number;
  precision: number;
  recall: number;
  f1: number;
}

class Tally {
  tp = 0;
  fp = 0;
  fn = 0;
  add(predicted: boolean, actual: boolean) {
    if (predicted && actual) this.tp++;
    else if (predicted) this.fp++;
    else if (actual) this.fn++;
  }
  scores(): Scores {
    const precision = this.tp + this.fp === 0 ? 0 : this.tp / (this.tp + this.fp);
    const recall = this.tp + this.fn === 0 ? 0 : this.tp / (this.tp + this.fn);
    const f1 = precision + recall === 0 ? 0 : (2 * precision * recall) / (precision + recall);
    return { truePositives: this.tp, falsePositives: this.fp, falseNegatives: this.fn, precision, recall, f1 };
  }
}

export interface BacktestResult {
  weeksOfHistory: number;
  weeksEvaluated: number;
  people: number;
  slots: number;
  model: Scores;
  baseline: Scores;
}

/**
 * Replays a deterministic demo history (of the demo team, or `team`) (the same generator and block engine as the product): each
 * week after the first `model.weeks` is predicted from the weeks before it and compared slot by
 * slot (15 minutes) with what happened, next to the naive baseline "same as the same weekday last week".
 */
export function runBacktest(
  options: {
    seed?: number;
    weeks?: number;
    stepMinutes?: number;
    end?: number;
    model?: PredictionModel;
    team?: readonly DemoMember[];
  } = {},
): BacktestResult {
  const seed = options.seed ?? 42;
  const weeks = options.weeks ?? 26;
  const model = options.model ?? DEFAULT_MODEL;
  const stepMs = (options.stepMinutes ?? 5) * 60_000;
  const end = options.end ?? Date.UTC(2025, 5, 2);
  const team = options.team ?? DEMO_TEAM;
  const start = end - weeks * 7 * 86_400_000;
  const ours = new Tally();
  const naive = new Tally();
  let slots = 0;
  for (const member of team) {
    const samples = generatePresence(seed, start, end, stepMs / 60_000, [member]);
    const blocks = computeBlocks(samples, { stepMs, now: end });
    const occupancy = new Occupancy(blocks.map((b) => ({ start: b.start, end: b.end ?? end })));
    const firstDay = localDayOf(member.timezone, start) + 1;
    const lastDay = localDayOf(member.timezone, end) - 1;
    for (let day = firstDay + model.weeks * 7; day <= lastDay; day++) {
      const weekStart = day - ((((day + 3) % 7) + 7) % 7);
      const probs = slotProbabilities(occupancy, member.timezone, day, model, weekStart);
      for (let s = 0; s < SLOTS_PER_DAY; s++) {
        const actual = occupancy.isOnline(member.timezone, day, s);
        ours.add((probs?.[s] ?? 0) >= model.threshold, actual);
        naive.add(occupancy.isOnline(member.timezone, day - 7, s), actual);
        slots++;
      }
    }
  }
  return {
    weeksOfHistory: weeks,
    weeksEvaluated: weeks - model.weeks - 1,
    people: team.length,
    slots,
    model: ours.scores(),
    baseline: naive.scores(),
  };
}
