import type { ActivitiesResponse } from '@overlap/contract/activity';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../api/client';
import { apiPaths } from '../../../api/paths';
import { queryKeys } from '../../../api/query-keys';

/** Every activity read (timeline, week, year) lives under this prefix, so one invalidation refreshes all. */
const activityKeys = {
  day: (date: string, tz: string, visible: readonly string[] | null) =>
    [...queryKeys.activities, 'day', date, tz, visible ? [...visible].sort().join(',') : 'all'] as const,
};

interface ActivitiesParams {
  date: string;
  tz: string;
  /** null asks for every active person. */
  visiblePeople: readonly string[] | null;
}

function activitiesUrl({ date, tz, visiblePeople }: ActivitiesParams): string {
  const params = new URLSearchParams({ date, tz });
  for (const id of visiblePeople ?? []) params.append('visiblePeople', id);
  return `${apiPaths.activity.activities}?${params}`;
}

const fetchActivities = (p: ActivitiesParams, signal?: AbortSignal) =>
  api<ActivitiesResponse>(activitiesUrl(p), { signal });

/** The dashboard's day: refetched every 30 seconds, fresh for 2 minutes (spec 000 §9). */
const activitiesQuery = (p: ActivitiesParams) =>
  queryOptions({
    queryKey: activityKeys.day(p.date, p.tz, p.visiblePeople),
    queryFn: ({ signal }) => fetchActivities(p, signal),
    staleTime: 2 * 60 * 1000,
    refetchInterval: 30_000,
    placeholderData: (previous) => previous,
  });

export const useActivities = (p: ActivitiesParams, enabled = true) => useQuery({ ...activitiesQuery(p), enabled });
