export interface RingState {
  /** How much of the interval has passed, 0 to 1. */
  fraction: number;
  /** Whole seconds until the next refresh (0 while it is due). */
  secondsLeft: number;
}

/**
 * Where the free plan's refresh cycle stands: with the time of the next scheduled refresh of the
 * account's polled integrations, the interval leading up to it; without one (push-only sources),
 * the interval aligned to the clock (every 10 minutes past the hour on the free plan).
 */
export function ringState(now: number, intervalMinutes: number, nextRefreshAt: string | null): RingState {
  const intervalMs = Math.max(1, intervalMinutes) * 60_000;
  const next = nextRefreshAt ? Date.parse(nextRefreshAt) : Number.NaN;
  const leftMs = Number.isFinite(next) ? next - now : intervalMs - (now % intervalMs);
  const clamped = Math.min(intervalMs, Math.max(0, leftMs));
  return { fraction: 1 - clamped / intervalMs, secondsLeft: Math.ceil(clamped / 1000) };
}

/** 'in 4:05' for the ring's label. */
export function countdown(seconds: number): string {
  const m = Math.floor(seconds / 60);
  const s = seconds % 60;
  return `${m}:${String(s).padStart(2, '0')}`;
}
