import type { MyInfo, UpdatePreferencesBody } from '@overlap/contract/profile';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from './client';
import { apiPaths } from './paths';

/** The signed-in user's profile (email, role, dates and time display preferences). */
export const myInfoQuery = queryOptions({
  queryKey: ['profile', 'my-info'] as const,
  queryFn: ({ signal }) => api<MyInfo>(apiPaths.profile.myInfo, { signal }),
  staleTime: 5 * 60_000,
});

/** Saves the time format or timezone (null: the browser's); the profile query takes the answer. */
export function useSavePreferences() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: UpdatePreferencesBody) => api<MyInfo>(apiPaths.profile.preferences, { method: 'PATCH', body }),
    onSuccess: (me) => queryClient.setQueryData(myInfoQuery.queryKey, me),
  });
}
