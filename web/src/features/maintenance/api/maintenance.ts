import type { GapReport } from '@overlap/contract/maintenance';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../api/client';
import { apiPaths, withQuery } from '../../../api/paths';
import { queryKeys } from '../../../api/query-keys';

interface GapReportParams {
  year: number;
  month: number;
  minDurationHours: number;
}

const maintenanceKeys = {
  gaps: (params: GapReportParams) => [...queryKeys.maintenance, 'gaps', params] as const,
};

const detectGaps = ({ year, month, minDurationHours }: GapReportParams, signal?: AbortSignal) =>
  api<GapReport>(withQuery(apiPaths.account.detectGaps, { year, month, minDurationHours }), { method: 'POST', signal });

/** The report is an analysis run on demand: never served from cache without asking again. */
const gapReportQuery = (params: GapReportParams) =>
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
