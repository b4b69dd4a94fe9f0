interface LaneInput {
  id: string;
  start: number;
  end: number;
}

interface LanePlacement {
  lane: number;
  lanes: number;
}

/**
 * Side-by-side layout of overlapping intervals (blocks of several integrations in one column):
 * each cluster of transitively overlapping intervals gets as many lanes as it needs at most at
 * once; every interval takes the first lane free at its start. Touching intervals do not overlap.
 */
export function assignLanes(items: readonly LaneInput[]): Map<string, LanePlacement> {
  const sorted = [...items].sort((a, b) => a.start - b.start || b.end - a.end || a.id.localeCompare(b.id));
  const result = new Map<string, LanePlacement>();
  let cluster: { id: string; lane: number }[] = [];
  let laneEnds: number[] = [];
  let clusterEnd = Number.NEGATIVE_INFINITY;

  const closeCluster = () => {
    for (const { id, lane } of cluster) result.set(id, { lane, lanes: laneEnds.length });
    cluster = [];
    laneEnds = [];
  };

  for (const item of sorted) {
    if (item.start >= clusterEnd) closeCluster();
    let lane = laneEnds.findIndex((end) => end <= item.start);
    if (lane === -1) {
      lane = laneEnds.length;
      laneEnds.push(item.end);
    } else {
      laneEnds[lane] = item.end;
    }
    cluster.push({ id: item.id, lane });
    clusterEnd = cluster.length === 1 ? item.end : Math.max(clusterEnd, item.end);
  }
  closeCluster();
  return result;
}
