import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../api/client';
import { apiPaths } from '../../../api/paths';
import { activityKeys } from './activities';

export interface BlockTimes {
  startTime: string;
  endTime: string;
}

export const updateActivityBlock = (id: string, body: BlockTimes) =>
  api<unknown>(apiPaths.activity.activityBlock(id), { method: 'PATCH', body });

export const deleteActivityBlock = (id: string) =>
  api<unknown>(apiPaths.activity.activityBlock(id), { method: 'DELETE' });

/** Edits and deletions refetch every activity view (timeline, week, year) and the people lists' counts. */
function useRefreshActivity() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: activityKeys.all }),
      queryClient.invalidateQueries({ queryKey: ['calendars'] }),
      queryClient.invalidateQueries({ queryKey: ['people'] }),
    ]);
}

export function useUpdateActivityBlock() {
  const refresh = useRefreshActivity();
  return useMutation({
    mutationFn: ({ id, ...body }: BlockTimes & { id: string }) => updateActivityBlock(id, body),
    onSuccess: refresh,
  });
}

export function useDeleteActivityBlock() {
  const refresh = useRefreshActivity();
  return useMutation({ mutationFn: (id: string) => deleteActivityBlock(id), onSuccess: refresh });
}
