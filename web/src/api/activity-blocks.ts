import type { BlockDeleteResult, BlockEditBody, BlockEditResult } from '@overlap/contract/activity-blocks';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from './client';
import { apiPaths } from './paths';
import { queryKeys, refreshActivityViews } from './query-keys';

const updateBlock = (id: string, body: BlockEditBody) =>
  api<BlockEditResult>(apiPaths.activity.activityBlock(id), { method: 'PATCH', body });
const deleteBlock = (id: string) => api<BlockDeleteResult>(apiPaths.activity.activityBlock(id), { method: 'DELETE' });
const restoreBlock = (undoToken: string) =>
  api<BlockEditResult>(apiPaths.activity.restore, { method: 'POST', body: { undoToken } });

/** A block edit or deletion is not retried; on success every activity view and the gap report refetch. */
function useBlockMutation<A, R>(fn: (args: A) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: fn,
    retry: false,
    onSuccess: () =>
      Promise.all([
        refreshActivityViews(queryClient),
        queryClient.invalidateQueries({ queryKey: queryKeys.maintenance }),
      ]),
  });
}

export const useUpdateBlock = () =>
  useBlockMutation(({ id, ...body }: BlockEditBody & { id: string }) => updateBlock(id, body));
export const useDeleteBlock = () => useBlockMutation(deleteBlock);
/** Undo of a delete, with the token the delete answered. */
export const useRestoreBlock = () => useBlockMutation(restoreBlock);
