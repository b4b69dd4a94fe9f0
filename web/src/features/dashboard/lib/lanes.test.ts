import { describe, expect, it } from 'vitest';
import { assignLanes } from './lanes';

describe('lanes', () => {
  it('keeps non-overlapping blocks full width', () => {
    const lanes = assignLanes([
      { id: 'a', start: 0, end: 60 },
      { id: 'b', start: 60, end: 120 },
    ]);
    expect(lanes.get('a')).toEqual({ lane: 0, lanes: 1 });
    expect(lanes.get('b')).toEqual({ lane: 0, lanes: 1 });
  });

  it('puts overlapping blocks of two integrations side by side', () => {
    const lanes = assignLanes([
      { id: 'slack', start: 60, end: 180 },
      { id: 'teams', start: 120, end: 240 },
      { id: 'later', start: 300, end: 360 },
    ]);
    expect(lanes.get('slack')).toEqual({ lane: 0, lanes: 2 });
    expect(lanes.get('teams')).toEqual({ lane: 1, lanes: 2 });
    expect(lanes.get('later')).toEqual({ lane: 0, lanes: 1 });
  });

  it('reuses a freed lane inside one cluster', () => {
    const lanes = assignLanes([
      { id: 'long', start: 0, end: 300 },
      { id: 'x', start: 10, end: 50 },
      { id: 'y', start: 60, end: 100 },
      { id: 'z', start: 70, end: 90 },
    ]);
    expect(lanes.get('long')).toEqual({ lane: 0, lanes: 3 });
    expect(lanes.get('x')?.lane).toBe(1);
    expect(lanes.get('y')?.lane).toBe(1);
    expect(lanes.get('z')?.lane).toBe(2);
  });
});
