import type { AvailabilityResponse, OverlapResponse } from '@overlap/contract/overlap';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../api/client';
import { apiPaths, withQuery } from '../../../api/paths';
import { queryKeys } from '../../../api/query-keys';

/**
 * Under the activities prefix: a block edit, a person change or news from the live stream refreshes
 * the timeline and these together.
 */
const overlapKeys = {
  plan: (from: string, days: number, tz: string, people: readonly string[]) =>
    [...queryKeys.activities, 'overlap', from, days, tz, [...people].sort().join(',')] as const,
  availability: (personId: string, tz: string) => [...queryKeys.activities, 'availability', personId, tz] as const,
};

interface OverlapParams {
  from: string;
  days: number;
  tz: string;
  people: readonly string[];
}

function overlapUrl({ from, days, tz, people }: OverlapParams): string {
  const params = new URLSearchParams({ from, days: String(days), tz });
  for (const id of people) params.append('people', id);
  return `${apiPaths.overlap.overlap}?${params}`;
}

/** The planner for the shown people: fresh for 2 minutes like the day, refetched with it every 30 seconds. */
const overlapQuery = (p: OverlapParams) =>
  queryOptions({
    queryKey: overlapKeys.plan(p.from, p.days, p.tz, p.people),
    queryFn: ({ signal }) => api<OverlapResponse>(overlapUrl(p), { signal }),
    staleTime: 2 * 60_000,
    refetchInterval: 60_000,
    placeholderData: keepPreviousData,
  });

export const useOverlap = (p: OverlapParams, enabled = true) =>
  useQuery({ ...overlapQuery(p), enabled: enabled && p.people.length > 0 });

/** A person's usual hours change slowly: fresh for 5 minutes. */
const availabilityQuery = (personId: string, tz: string) =>
  queryOptions({
    queryKey: overlapKeys.availability(personId, tz),
    queryFn: ({ signal }) =>
      api<AvailabilityResponse>(withQuery(apiPaths.overlap.availability(personId), { tz }), { signal }),
    staleTime: 5 * 60_000,
  });

export const useAvailability = (personId: string, tz: string) => useQuery(availabilityQuery(personId, tz));
