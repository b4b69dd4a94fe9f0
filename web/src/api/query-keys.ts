import type { QueryClient } from '@tanstack/react-query';

/**
 * The query keys more than one feature reads or refreshes. Every read of a kind sits under its prefix,
 * so one invalidation refreshes all of them (the timeline, the week and the year under activities...).
 */
export const queryKeys = {
  account: ['account'] as const,
  billingStatus: ['billing', 'status'] as const,
  planCatalogue: ['billing', 'plans'] as const,
  onboarding: ['onboarding'] as const,
  activities: ['activities'] as const,
  calendars: ['calendars'] as const,
  people: ['people'] as const,
  maintenance: ['maintenance'] as const,
};

/** The live views of activity: the day timeline, the week and year calendars, the people lists and counts. */
const activityViewKeys = [queryKeys.activities, queryKeys.calendars, queryKeys.people];

/** Refetches the live views of activity (after a change of people or blocks, or news from the stream). */
export const refreshActivityViews = (queryClient: QueryClient) =>
  Promise.all(activityViewKeys.map((queryKey) => queryClient.invalidateQueries({ queryKey })));
