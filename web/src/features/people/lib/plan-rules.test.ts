import { describe, expect, it } from 'vitest';
import { atPeopleLimit, isFreePlan, needsAssignmentText } from './plan-rules';

describe('people page rules', () => {
  it('offers the upgrade on the free plan or with no plan', () => {
    expect(isFreePlan(null)).toBe(true);
    expect(isFreePlan('')).toBe(true);
    expect(isFreePlan('free')).toBe(true);
    expect(isFreePlan('startup')).toBe(false);
  });

  it('blocks activation at the people limit only when a limit exists', () => {
    expect(atPeopleLimit(5, 5)).toBe(true);
    expect(atPeopleLimit(6, 5)).toBe(true);
    expect(atPeopleLimit(4, 5)).toBe(false);
    expect(atPeopleLimit(500, 0)).toBe(false);
  });

  it('says how many people need a decision', () => {
    expect(needsAssignmentText(0)).toBeNull();
    expect(needsAssignmentText(3)).toBe('3 people need to be assigned or ignored');
  });
});
