import { describe, expect, it } from 'vitest';
import { runBacktest } from './backtest.ts';
import { generatedTeam } from './backtest-team.ts';

/** F1 points the model must gain over "same as the same weekday last week", on every team. */
const MARGIN = 0.01;

describe('prediction back-test', () => {
  it('beats the same-weekday-last-week baseline on the demo team by the margin', () => {
    const result = runBacktest({ weeks: 14 });
    expect(result.people).toBe(8);
    expect(result.model.f1 - result.baseline.f1).toBeGreaterThan(MARGIN);
  });

  it.each([1, 2, 3, 4, 5, 6])('beats it by the margin on the generated team of seed %i', (seed) => {
    const team = generatedTeam(seed, 8);
    const result = runBacktest({ seed, weeks: 14, team });
    expect(result.people).toBe(8);
    expect(result.model.f1 - result.baseline.f1).toBeGreaterThan(MARGIN);
  });

  it('generates different teams from different seeds, the same team from one seed', () => {
    expect(generatedTeam(3, 8)).toEqual(generatedTeam(3, 8));
    expect(generatedTeam(3, 8).map((m) => m.timezone)).not.toEqual(generatedTeam(4, 8).map((m) => m.timezone));
  });
});
