import type { WeeklyData, YearlyData } from '@overlap/contract/calendars';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api, isApiError } from '../../../api/client';
import { apiPaths } from '../../../api/paths';
import { queryKeys } from '../../../api/query-keys';

const calendarKeys = {
  week: (id: string, date: string | null) => [...queryKeys.calendars, 'week', id, date ?? 'current'] as const,
  year: (id: string, year: number) => [...queryKeys.calendars, 'year', id, year] as const,
};

/** The error text of a calendar fetch: 404 'Person not found', 401 'Authentication required', else the fallback. */
export function calendarErrorMessage(error: unknown, fallback: string): string {
  if (isApiError(error, 404)) return 'Person not found';
  if (isApiError(error, 401)) return 'Authentication required';
  return fallback;
}

const weekQuery = (id: string, date: string | null) =>
  queryOptions({
    queryKey: calendarKeys.week(id, date),
    queryFn: ({ signal }) =>
      api<WeeklyData>(`${apiPaths.people.week(id)}${date ? `?date=${encodeURIComponent(date)}` : ''}`, { signal }),
    staleTime: 60_000,
    refetchInterval: 60_000,
    placeholderData: keepPreviousData,
  });
export const useWeek = (id: string, date: string | null) => useQuery(weekQuery(id, date));

const yearQuery = (id: string, year: number) =>
  queryOptions({
    queryKey: calendarKeys.year(id, year),
    queryFn: ({ signal }) => api<YearlyData>(`${apiPaths.people.year(id)}?year=${year}`, { signal }),
    staleTime: 5 * 60_000,
    placeholderData: keepPreviousData,
  });
export const useYear = (id: string, year: number) => useQuery(yearQuery(id, year));
