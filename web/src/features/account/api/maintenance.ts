import type { BlockEditBody, BlockEditResult } from '@overlap/contract/activity-blocks';
import type { GapReport } from '@overlap/contract/maintenance';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../api/client';
import { apiPaths, withQuery } from '../../../api/paths';

export interface GapReportParams {
  year: number;
  month: number;
  minDurationHours: number;
}

export const maintenanceKeys = {
  all: ['maintenance'] as const,
  gaps: (params: GapReportParams) => ['maintenance', 'gaps', params] as const,
};

export const detectGaps = ({ year, month, minDurationHours }: GapReportParams, signal?: AbortSignal) =>
  api<GapReport>(withQuery(apiPaths.account.detectGaps, { year, month, minDurationHours }), { method: 'POST', signal });

/** The report is an analysis run on demand: never served from cache without asking again. */
export const gapReportQuery = (params: GapReportParams) =>
  queryOptions({
    queryKey: maintenanceKeys.gaps(params),
    queryFn: ({ signal }) => detectGaps(params, signal),
    staleTime: 0,
  });

/** The report of the last detection; idle until a month has been asked for. */
export const useGapReport = (params: GapReportParams | null) =>
  useQuery({
    ...gapReportQuery(params ?? { year: 0, month: 0, minDurationHours: 0 }),
    enabled: params !== null,
  });

export const updateBlock = (id: string, body: BlockEditBody) =>
  api<BlockEditResult>(apiPaths.activity.activityBlock(id), { method: 'PATCH', body });
export const deleteBlock = (id: string) =>
  api<{ success: boolean; message: string }>(apiPaths.activity.activityBlock(id), { method: 'DELETE' });

/** A changed block re-runs the detection and refreshes every activity view that may show it. */
function useBlockMutation<A>(fn: (args: A) => Promise<unknown>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: fn,
    retry: false,
    onSuccess: () =>
      Promise.all(
        [maintenanceKeys.all, ['activities'], ['calendars'], ['people']].map((queryKey) =>
          queryClient.invalidateQueries({ queryKey }),
        ),
      ),
  });
}

export const useUpdateBlock = () =>
  useBlockMutation(({ id, ...body }: BlockEditBody & { id: string }) => updateBlock(id, body));
export const useDeleteBlock = () => useBlockMutation(deleteBlock);
