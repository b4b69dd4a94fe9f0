import { describe, expect, it } from 'vitest';
import {
  isDismissed,
  readDismissal,
  STALE_DISMISS_MS,
  staleBannerMessage,
  UNASSIGNED_DISMISS_MS,
  unassignedBanner,
  writeDismissal,
} from './banner-rules';
import { isTimelineEmpty } from './empty-state';
import { predictionStyle } from './prediction-style';

describe('dashboard banners', () => {
  it('count unassigned people, and turn red over the limit', () => {
    expect(unassignedBanner({ unassigned: 0, assigned: 3, maxPeople: 5 })).toBeNull();
    expect(unassignedBanner({ unassigned: 2, assigned: 3, maxPeople: 5 })).toEqual({
      tone: 'warning',
      message: 'We have 2 unassigned people.',
    });
    expect(unassignedBanner({ unassigned: 1, assigned: 1, maxPeople: 5 })).toEqual({
      tone: 'warning',
      message: 'We have 1 unassigned person.',
    });
    expect(unassignedBanner({ unassigned: 3, assigned: 3, maxPeople: 5 })).toEqual({
      tone: 'danger',
      message: 'We have data from 6 people. You are over your limit (5 max).',
    });
    expect(unassignedBanner({ unassigned: 30, assigned: 30, maxPeople: 0 })?.tone).toBe('warning');
  });

  it('say singular or plural for stale integrations', () => {
    expect(staleBannerMessage({ hasStaleIntegrations: true, staleCount: 1 })).toBe(
      "1 integration hasn't run in the last hour",
    );
    expect(staleBannerMessage({ hasStaleIntegrations: true, staleCount: 3 })).toBe(
      "3 integrations haven't run in the last hour",
    );
    expect(staleBannerMessage({ hasStaleIntegrations: false, staleCount: 0 })).toBeNull();
  });

  it('stay dismissed 24 hours (unassigned) and 1 hour (stale)', () => {
    const at = Date.parse('2025-05-01T10:00:00Z');
    expect(isDismissed(at, UNASSIGNED_DISMISS_MS, at + 23 * 3600_000)).toBe(true);
    expect(isDismissed(at, UNASSIGNED_DISMISS_MS, at + 24 * 3600_000)).toBe(false);
    expect(isDismissed(at, STALE_DISMISS_MS, at + 59 * 60_000)).toBe(true);
    expect(isDismissed(at, STALE_DISMISS_MS, at + 61 * 60_000)).toBe(false);
    expect(isDismissed(null, STALE_DISMISS_MS, at)).toBe(false);
  });

  it('store the dismissal time in local storage', () => {
    localStorage.removeItem('k');
    expect(readDismissal('k')).toBeNull();
    writeDismissal('k', 1234);
    expect(readDismissal('k')).toBe(1234);
    localStorage.setItem('k', 'garbage');
    expect(readDismissal('k')).toBeNull();
  });
});

describe('timeline empty state', () => {
  const now = Date.parse('2025-05-01T12:00:00Z');
  const quiet = { isOnline: false, lastSeenAt: null, activityBlocks: [], activityEvents: [] };
  it('shows with no people at all, whatever the date', () => {
    expect(isTimelineEmpty([], true, now)).toBe(true);
  });
  it('shows for today when nobody has any sign of life in 24 hours', () => {
    expect(isTimelineEmpty([quiet], false, now)).toBe(true);
    expect(isTimelineEmpty([{ ...quiet, lastSeenAt: '2025-04-30T12:30:00Z' }], false, now)).toBe(false);
    expect(isTimelineEmpty([{ ...quiet, lastSeenAt: '2025-04-30T11:00:00Z' }], false, now)).toBe(true);
    expect(isTimelineEmpty([{ ...quiet, isOnline: true }], false, now)).toBe(false);
    expect(isTimelineEmpty([{ ...quiet, activityEvents: [{}] }], false, now)).toBe(false);
  });
  it('never shows for a chosen date while people exist', () => {
    expect(isTimelineEmpty([quiet], true, now)).toBe(false);
  });
});

describe('prediction bands', () => {
  it('follow the confidence thresholds', () => {
    expect(predictionStyle(0.9)).toEqual({ fill: 0.6, opacity: 0.8 });
    expect(predictionStyle(0.6)).toEqual({ fill: 0.6, opacity: 0.8 });
    expect(predictionStyle(0.45)).toEqual({ fill: 0.4, opacity: 0.6 });
    expect(predictionStyle(0.4)).toEqual({ fill: 0.4, opacity: 0.6 });
    expect(predictionStyle(0.39)).toEqual({ fill: 0.25, opacity: 0.5 });
    expect(predictionStyle(undefined)).toEqual({ fill: 0.4, opacity: 0.6 });
  });
});
