export const UNASSIGNED_BANNER_KEY = 'overlap.unassignedBannerDismissedAt';
export const STALE_BANNER_KEY = 'overlap.staleBannerDismissedAt';
export const UNASSIGNED_DISMISS_MS = 24 * 60 * 60 * 1000;
export const STALE_DISMISS_MS = 60 * 60 * 1000;

/** True while a dismissal stored at `dismissedAt` (ms) is younger than `windowMs`. */
export function isDismissed(dismissedAt: number | null, windowMs: number, now: number): boolean {
  return dismissedAt !== null && Number.isFinite(dismissedAt) && now - dismissedAt < windowMs && now >= dismissedAt;
}

interface UnassignedBanner {
  tone: 'warning' | 'danger';
  message: string;
}

/**
 * The unassigned-people banner: 'We have N unassigned people.', or the red
 * 'We have data from N people. You are over your limit (M max).' when assigned + unassigned
 * people exceed maxPeople (a maxPeople of 0 or less means no limit). Null when nobody is unassigned.
 */
export function unassignedBanner(input: {
  unassigned: number;
  assigned: number;
  maxPeople: number | null | undefined;
}): UnassignedBanner | null {
  if (input.unassigned <= 0) return null;
  const total = input.assigned + input.unassigned;
  const max = input.maxPeople ?? 0;
  if (max > 0 && total > max) {
    return { tone: 'danger', message: `We have data from ${total} people. You are over your limit (${max} max).` };
  }
  return {
    tone: 'warning',
    message: input.unassigned === 1 ? 'We have 1 unassigned person.' : `We have ${input.unassigned} unassigned people.`,
  };
}

/** 'N integration(s) haven't/hasn't run in the last hour', singular for one. Null when none are stale. */
export function staleBannerMessage(health: { hasStaleIntegrations: boolean; staleCount: number } | null | undefined) {
  if (!health?.hasStaleIntegrations || health.staleCount <= 0) return null;
  return health.staleCount === 1
    ? "1 integration hasn't run in the last hour"
    : `${health.staleCount} integrations haven't run in the last hour`;
}

/** Reads a stored dismissal time (ms), or null when absent or unreadable. */
export function readDismissal(key: string, storage: Storage | undefined = globalThis.localStorage): number | null {
  try {
    const raw = storage?.getItem(key);
    if (!raw) return null;
    const n = Number(raw);
    return Number.isFinite(n) ? n : null;
  } catch {
    return null;
  }
}

export function writeDismissal(key: string, at: number, storage: Storage | undefined = globalThis.localStorage): void {
  try {
    storage?.setItem(key, String(at));
  } catch {
    /* storage full or blocked: the banner simply shows again */
  }
}
