import type { IntegrationGap } from '@overlap/contract/maintenance';
import { Unplug } from 'lucide-react';
import { EmptyState } from '../../../ui/empty-state';
import { Table, type TableColumn } from '../../../ui/table';
import { formatInstant, formatMinutes } from '../lib/format';
import { AffectedDates } from './affected-dates';

const columns: TableColumn<IntegrationGap>[] = [
  {
    key: 'integration',
    header: 'Integration',
    primary: true,
    cell: (g) => <span className="font-medium text-fg">{g.integrationName}</span>,
  },
  { key: 'start', header: 'Gap start', cell: (g) => <span className="tabular">{formatInstant(g.gapStart)}</span> },
  { key: 'end', header: 'Gap end', cell: (g) => <span className="tabular">{formatInstant(g.gapEnd)}</span> },
  {
    key: 'duration',
    header: 'Duration',
    align: 'right',
    cell: (g) => (
      <span className="tabular font-medium" title={`${g.durationMinutes} minutes`}>
        {formatMinutes(g.durationMinutes)}
      </span>
    ),
  },
  {
    key: 'affected',
    header: 'Affected blocks',
    align: 'right',
    cell: (g) => <span className="tabular">{g.affectedBlocksCount}</span>,
  },
  { key: 'dates', header: 'Affected dates', cell: (g) => <AffectedDates dates={g.affectedDates} /> },
];

/** Silences between successful runs of an integration. */
export function GapsTable({ gaps, monthLabel }: { gaps: readonly IntegrationGap[]; monthLabel: string }) {
  return (
    <section aria-labelledby="gaps-heading" className="flex flex-col gap-3">
      <h3 id="gaps-heading" className="text-sm font-semibold text-fg">
        Integration gaps
      </h3>
      <Table
        columns={columns}
        rows={gaps}
        rowKey={(g) => `${g.integrationId}-${g.gapStart}`}
        caption="Integration gaps"
        empty={
          <EmptyState
            icon={Unplug}
            description={`No gaps between integration runs in ${monthLabel}.`}
            className="py-6 max-md:-mx-4 max-md:-my-10 md:border-0"
          />
        }
      />
    </section>
  );
}
