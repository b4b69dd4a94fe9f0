import type { Statistics } from '@overlap/contract/integrations';
import { BarChart3 } from 'lucide-react';
import { formatDayMonth } from '../../../lib/format-time';
import { EmptyState } from '../../../ui/empty-state';
import { RetryBanner } from '../../../ui/retry-banner';
import { Skeleton } from '../../../ui/skeleton';
import { Table, type TableColumn } from '../../../ui/table';
import { useIntegrationStatistics } from '../api/data';
import { formatDuration, successRate, successRateTone } from '../lib/format';
import { ToneText } from './tone-text';

type Day = Statistics['statistics'][number];

const columns: TableColumn<Day>[] = [
  {
    key: 'date',
    header: 'Day',
    primary: true,
    cell: (d) => <span className="tabular">{formatDayMonth(`${d.date}T12:00:00Z`, { timeZone: 'UTC' })}</span>,
  },
  { key: 'runs', header: 'Runs', align: 'right', cell: (d) => <span className="tabular">{d.runs}</span> },
  {
    key: 'rate',
    header: 'Success rate',
    align: 'right',
    cell: (d) => {
      const rate = successRate(d.successfulRuns, d.runs);
      return rate === null ? '—' : <ToneText tone={successRateTone(rate)}>{rate}%</ToneText>;
    },
  },
  {
    key: 'people',
    header: 'People found',
    align: 'right',
    cell: (d) => <span className="tabular">{d.totalPeopleFound}</span>,
  },
  {
    key: 'events',
    header: 'Events created',
    align: 'right',
    cell: (d) => <span className="tabular">{d.totalEventsCreated}</span>,
  },
  {
    key: 'duration',
    header: 'Avg duration',
    align: 'right',
    cell: (d) => <span className="tabular">{formatDuration(d.avgDurationMs)}</span>,
  },
];

/** Daily run statistics of the last 30 days, success rates coloured. */
export function StatisticsSection({ integrationId }: { integrationId: string }) {
  const stats = useIntegrationStatistics(integrationId);
  return (
    <section aria-labelledby="stats-heading" className="flex flex-col gap-3">
      <h2 id="stats-heading" className="text-sm font-semibold">
        Daily statistics
      </h2>
      {stats.isPending ? (
        <Skeleton className="h-32 w-full" />
      ) : stats.isError ? (
        <RetryBanner onRetry={() => stats.refetch()} label="Try Again">
          Failed to fetch data
        </RetryBanner>
      ) : (
        <Table
          columns={columns}
          rows={stats.data.statistics}
          rowKey={(d) => d.date}
          caption="Daily run statistics"
          maxHeight="20rem"
          empty={
            <EmptyState icon={BarChart3} description="No historical statistics available" className="border-0 py-6" />
          }
        />
      )}
    </section>
  );
}
