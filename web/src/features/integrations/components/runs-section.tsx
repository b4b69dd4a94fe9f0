import type { IntegrationRun } from '@overlap/contract/integrations';
import { History, RefreshCw } from 'lucide-react';
import { useState } from 'react';
import { formatDateTime } from '../../../lib/format-time';
import { Button } from '../../../ui/button';
import { EmptyState } from '../../../ui/empty-state';
import { RetryBanner } from '../../../ui/retry-banner';
import { Skeleton } from '../../../ui/skeleton';
import { Table, type TableColumn } from '../../../ui/table';
import { useIntegrationRuns } from '../api/data';
import { formatDuration } from '../lib/format';
import { RunDetailDialog } from './run-detail-dialog';
import { RunStatus } from './run-status';

const columns = (open: (id: string) => void): TableColumn<IntegrationRun>[] => [
  {
    key: 'start',
    header: 'Started',
    primary: true,
    cell: (r) => (
      <button
        type="button"
        onClick={(e) => {
          e.stopPropagation();
          open(r.id);
        }}
        className="tabular rounded-sm text-left font-medium text-fg hover:underline"
        aria-label={`Run of ${formatDateTime(r.startedAt, { year: false, precision: 'seconds' })}, show details`}
      >
        {formatDateTime(r.startedAt, { year: false, precision: 'seconds' })}
      </button>
    ),
  },
  { key: 'status', header: 'Status', cell: (r) => <RunStatus status={r.status} /> },
  { key: 'trigger', header: 'Trigger', cell: (r) => <span className="text-muted">{r.trigger}</span> },
  {
    key: 'duration',
    header: 'Duration',
    align: 'right',
    cell: (r) => <span className="tabular">{formatDuration(r.durationMs)}</span>,
  },
  {
    key: 'people',
    header: 'People found',
    align: 'right',
    cell: (r) => <span className="tabular">{r.peopleFound}</span>,
  },
  {
    key: 'events',
    header: 'Events created',
    align: 'right',
    cell: (r) => <span className="tabular">{r.eventsCreated}</span>,
  },
  {
    key: 'error',
    header: 'Error',
    cell: (r) =>
      r.errorMessage ? (
        <span className="line-clamp-2 text-red-600 dark:text-red-400">{r.errorMessage}</span>
      ) : (
        <span className="text-muted">—</span>
      ),
  },
];

/** Runs of the last 2 days; a run opens its debug events. */
export function RunsSection({ integrationId }: { integrationId: string }) {
  const runs = useIntegrationRuns(integrationId);
  const [openRun, setOpenRun] = useState<string | null>(null);
  return (
    <section aria-labelledby="runs-heading" className="flex flex-col gap-3">
      <div className="flex items-center justify-between gap-3">
        <h2 id="runs-heading" className="text-sm font-semibold">
          Runs <span className="font-normal text-muted">Last 2 Days</span>
        </h2>
        <Button size="sm" variant="ghost" icon={<RefreshCw />} onClick={() => runs.refetch()} loading={runs.isFetching}>
          Refresh
        </Button>
      </div>
      {runs.isPending ? (
        <Skeleton className="h-32 w-full" />
      ) : runs.isError ? (
        <RetryBanner onRetry={() => runs.refetch()} label="Try Again">
          Failed to fetch data
        </RetryBanner>
      ) : (
        <Table
          columns={columns(setOpenRun)}
          rows={runs.data.runs}
          rowKey={(r) => r.id}
          caption="Runs of the last 2 days"
          maxHeight="24rem"
          onRowClick={(r) => setOpenRun(r.id)}
          empty={<EmptyState icon={History} description="No recent runs found" className="border-0 py-6" />}
        />
      )}
      <RunDetailDialog integrationId={integrationId} runId={openRun} onClose={() => setOpenRun(null)} />
    </section>
  );
}
