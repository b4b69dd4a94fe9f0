const EMPTY_LOOKBACK_MS = 24 * 60 * 60 * 1000;

interface EmptyCheckPerson {
  isOnline?: boolean | null;
  lastSeenAt?: string | null;
  activityBlocks?: readonly unknown[] | null;
  activityEvents?: readonly unknown[] | null;
}

/**
 * The timeline's empty state: when no people exist, or (when no date is chosen) when no visible
 * person has blocks, events, an online state or a lastSeenAt within the last 24 hours.
 */
export function isTimelineEmpty(people: readonly EmptyCheckPerson[], dateChosen: boolean, now: number): boolean {
  if (people.length === 0) return true;
  if (dateChosen) return false;
  return !people.some((p) => {
    if (p.isOnline) return true;
    if ((p.activityBlocks?.length ?? 0) > 0 || (p.activityEvents?.length ?? 0) > 0) return true;
    if (p.lastSeenAt) {
      const seen = new Date(p.lastSeenAt).getTime();
      if (Number.isFinite(seen) && now - seen <= EMPTY_LOOKBACK_MS) return true;
    }
    return false;
  });
}
