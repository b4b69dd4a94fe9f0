import { Lock, RefreshCw, Wrench } from 'lucide-react';
import { useMemo, useState } from 'react';
import { isApiError } from '../../../api/client';
import { useSession } from '../../../api/session';
import { canManage } from '../../../lib/roles';
import { Banner } from '../../../ui/banner';
import { Button } from '../../../ui/button';
import { EmptyState } from '../../../ui/empty-state';
import { Skeleton } from '../../../ui/skeleton';
import { Spinner } from '../../../ui/spinner';
import { useGapReport } from '../api/maintenance';
import { recentMonths } from '../lib/months';
import { DetectForm, type DetectRequest } from './detect-form';
import { GapResults } from './gap-results';

const DETECT_GAPS_ERROR = 'Failed to detect integration gaps. Please try again.';

/** Gap and long-block analysis of the account page (managers; the server refuses anyone else). */
export function MaintenanceTab() {
  const session = useSession();
  const role = session.data?.role;
  const mayManage = canManage(role);

  return (
    <section aria-labelledby="maintenance-heading" className="flex flex-col gap-4">
      <div>
        <h2 id="maintenance-heading" className="text-base font-semibold tracking-tight">
          Maintenance
        </h2>
        <p className="text-sm text-muted">
          Find activity blocks that ran unusually long and gaps between integration runs, then correct them.
        </p>
      </div>
      {session.isPending ? (
        <Skeleton className="h-24 w-full" />
      ) : mayManage ? (
        <GapAnalysis />
      ) : (
        <EmptyState icon={Lock} description="Only managers can run maintenance on this account." />
      )}
    </section>
  );
}

function GapAnalysis() {
  const months = useMemo(() => recentMonths(), []);
  const [request, setRequest] = useState<DetectRequest | null>(null);
  const params = request
    ? { year: request.month.year, month: request.month.month, minDurationHours: request.minDurationHours }
    : null;
  const report = useGapReport(params);

  const detect = (next: DetectRequest) => {
    const same = request?.month.value === next.month.value && request.minDurationHours === next.minDurationHours;
    if (same) void report.refetch();
    else setRequest(next);
  };

  return (
    <>
      <DetectForm months={months} detecting={report.isFetching} onDetect={detect} />
      {request === null ? (
        <EmptyState
          icon={Wrench}
          title="No detection run yet"
          description="Pick a month and a minimum duration, then choose Detect to list long activity blocks and integration gaps."
        />
      ) : report.isPending ? (
        <div className="flex flex-col gap-3" role="status" aria-label="Detecting long blocks and gaps">
          <div className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-5">
            {['a', 'b', 'c', 'd', 'e'].map((k) => (
              <Skeleton key={k} className="h-[74px]" />
            ))}
          </div>
          <Skeleton className="h-10 w-full" />
          <Skeleton className="h-10 w-full" />
          <Skeleton className="h-10 w-full" />
        </div>
      ) : (
        <>
          {report.isError ? (
            <Banner
              tone="danger"
              action={
                <Button size="sm" icon={<RefreshCw />} onClick={() => report.refetch()} loading={report.isFetching}>
                  Retry
                </Button>
              }
            >
              {isApiError(report.error, 403) ? report.error.message : DETECT_GAPS_ERROR}
            </Banner>
          ) : null}
          {report.data ? (
            <div className="relative" aria-busy={report.isFetching || undefined}>
              {report.isFetching ? (
                <p role="status" className="mb-3 flex items-center gap-2 text-[13px] text-muted">
                  <Spinner size="sm" /> Updating results…
                </p>
              ) : null}
              <GapResults
                key={request.month.value + request.minDurationHours}
                report={report.data}
                monthLabel={request.month.label}
                minDurationHours={request.minDurationHours}
              />
            </div>
          ) : null}
        </>
      )}
    </>
  );
}
