import type { LongActivityBlock } from '@overlap/contract/maintenance';
import { Clock, Pencil, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { Badge } from '../../../ui/badge';
import { EmptyState } from '../../../ui/empty-state';
import { IconButton } from '../../../ui/icon-button';
import { Pagination } from '../../../ui/pagination';
import { Table, type TableColumn } from '../../../ui/table';
import { formatHours, formatInstant, personLabel } from '../lib/format';
import { DayLink } from './day-link';

const LONG_BLOCKS_PAGE_SIZE = 20;

interface LongBlocksTableProps {
  blocks: readonly LongActivityBlock[];
  /** Says what was searched, for the empty state ('8 h or longer in November 2026'). */
  scope: string;
  onEdit: (block: LongActivityBlock) => void;
  onDelete: (block: LongActivityBlock) => void;
}

/** Long activity blocks, 20 a page, each with edit and delete. */
export function LongBlocksTable({ blocks, scope, onEdit, onDelete }: LongBlocksTableProps) {
  const [page, setPage] = useState(1);
  const pages = Math.max(1, Math.ceil(blocks.length / LONG_BLOCKS_PAGE_SIZE));
  const current = Math.min(page, pages);
  const rows = blocks.slice((current - 1) * LONG_BLOCKS_PAGE_SIZE, current * LONG_BLOCKS_PAGE_SIZE);

  const columns: TableColumn<LongActivityBlock>[] = [
    {
      key: 'person',
      header: 'Person',
      primary: true,
      cell: (b) => <span className="font-medium text-fg">{personLabel(b.personName)}</span>,
    },
    { key: 'integration', header: 'Integration', cell: (b) => <span className="text-muted">{b.integrationName}</span> },
    { key: 'start', header: 'Start', cell: (b) => <span className="tabular">{formatInstant(b.startTime)}</span> },
    {
      key: 'end',
      header: 'End',
      cell: (b) =>
        b.isOngoing || !b.endTime ? (
          <Badge tone="success" dot>
            Ongoing
          </Badge>
        ) : (
          <span className="tabular">{formatInstant(b.endTime)}</span>
        ),
    },
    {
      key: 'duration',
      header: 'Duration',
      align: 'right',
      cell: (b) => <span className="tabular font-medium">{formatHours(b.durationHours)}</span>,
    },
    { key: 'date', header: 'Date', cell: (b) => <DayLink date={b.date} /> },
    {
      key: 'actions',
      header: <span className="sr-only">Actions</span>,
      mobileLabel: 'Actions',
      align: 'right',
      cell: (b) => (
        <div className="flex justify-end gap-1">
          <IconButton
            size="sm"
            icon={<Pencil />}
            label={`Edit block of ${personLabel(b.personName)} from ${formatInstant(b.startTime)}`}
            onClick={() => onEdit(b)}
          />
          <IconButton
            size="sm"
            icon={<Trash2 />}
            label={`Delete block of ${personLabel(b.personName)} from ${formatInstant(b.startTime)}`}
            onClick={() => onDelete(b)}
          />
        </div>
      ),
    },
  ];

  return (
    <section aria-labelledby="long-blocks-heading" className="flex flex-col gap-3">
      <h3 id="long-blocks-heading" className="text-sm font-semibold text-fg">
        Long activity blocks
      </h3>
      <Table
        columns={columns}
        rows={rows}
        rowKey={(b) => b.id}
        caption="Long activity blocks"
        empty={
          <EmptyState
            icon={Clock}
            description={`No activity blocks of ${scope}.`}
            className="py-6 max-md:-mx-4 max-md:-my-10 md:border-0"
          />
        }
      />
      {blocks.length > LONG_BLOCKS_PAGE_SIZE ? (
        <Pagination
          page={current}
          totalPages={pages}
          onPageChange={setPage}
          totalCount={blocks.length}
          pageSize={LONG_BLOCKS_PAGE_SIZE}
        />
      ) : null}
    </section>
  );
}
