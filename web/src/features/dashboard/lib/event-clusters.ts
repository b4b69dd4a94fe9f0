/** Side of an event's press target in CSS px (WCAG 2.2 target size, 24 by 24). */
export const EVENT_TARGET = 24;

export interface EventCluster<T> {
  /** Centre of the group's target in px from the top of the day: its first item's centre. */
  top: number;
  /** The group's items by centre (equal centres in the order given). */
  items: T[];
}

/**
 * Groups the press targets of one column edge so that no two of them overlap.
 *
 * Centres are kept inside the column first ([size / 2, height - size / 2]: a target never reaches
 * past the top or bottom of the day). Then, by centre, each group starts at its first item and takes
 * every later item whose centre lies less than `size` below that first one; the group is drawn at
 * its first item. So two groups' targets are at least `size` apart (they may touch, never overlap),
 * and an item is drawn less than `size` from where it happened.
 *
 * Not transitive on purpose: a streak of events 20 px apart makes groups of two, one every 40 px,
 * instead of one group for the whole streak drawn at its start.
 */
export function clusterByTop<T>(
  placed: readonly { item: T; top: number }[],
  height: number,
  size = EVENT_TARGET,
): EventCluster<T>[] {
  const low = size / 2;
  const high = Math.max(low, height - size / 2);
  const sorted = placed
    .map(({ item, top }) => ({ item, top: Math.min(Math.max(top, low), high) }))
    .sort((a, b) => a.top - b.top);
  const clusters: EventCluster<T>[] = [];
  let current: EventCluster<T> | undefined;
  for (const { item, top } of sorted) {
    if (current && top - current.top < size) {
      current.items.push(item);
    } else {
      current = { top, items: [item] };
      clusters.push(current);
    }
  }
  return clusters;
}
