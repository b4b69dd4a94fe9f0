import type { MyInfo, UpdatePreferencesBody } from '@overlap/contract/profile';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { setTimePreferences } from '../lib/format-time';
import { api } from './client';
import { apiPaths } from './paths';

/** The signed-in user's profile (email, role, dates and time display preferences). */
export const myInfoQuery = queryOptions({
  queryKey: ['profile', 'my-info'] as const,
  queryFn: ({ signal }) => api<MyInfo>(apiPaths.profile.myInfo, { signal }),
  staleTime: 5 * 60_000,
});

/** Applies the user's 12/24-hour and timezone choice to every time the app prints (signed-in pages). */
export function useTimePreferencesSync(enabled: boolean) {
  const me = useQuery({ ...myInfoQuery, enabled });
  const timeFormat = me.data?.timeFormat;
  const timeZone = me.data?.timeZone;
  useEffect(() => {
    if (timeFormat === undefined || timeZone === undefined) return;
    setTimePreferences({ timeFormat, timeZone });
  }, [timeFormat, timeZone]);
}

/** Saves the time format or timezone (null: the browser's) and applies it at once. */
export function useSavePreferences() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: UpdatePreferencesBody) => api<MyInfo>(apiPaths.profile.preferences, { method: 'PATCH', body }),
    onSuccess: (me) => {
      queryClient.setQueryData(myInfoQuery.queryKey, me);
      setTimePreferences({ timeFormat: me.timeFormat, timeZone: me.timeZone });
    },
  });
}
