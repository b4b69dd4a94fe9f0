import type { GapReport, LongActivityBlock } from '@overlap/contract/maintenance';
import { CircleCheck } from 'lucide-react';
import { useState } from 'react';
import { EmptyState } from '../../../ui/empty-state';
import { formatHours } from '../lib/format';
import { DeleteBlockDialog } from './delete-block-dialog';
import { EditBlockDialog } from './edit-block-dialog';
import { GapSummary } from './gap-summary';
import { GapsTable } from './gaps-table';
import { LongBlocksTable } from './long-blocks-table';

interface GapResultsProps {
  report: GapReport;
  monthLabel: string;
  minDurationHours: number;
}

/** A detection's totals, long blocks (with edit and delete) and gaps. */
export function GapResults({ report, monthLabel, minDurationHours }: GapResultsProps) {
  const [editing, setEditing] = useState<LongActivityBlock | null>(null);
  const [deleting, setDeleting] = useState<LongActivityBlock | null>(null);

  if (report.totalLongBlocks === 0 && report.totalGaps === 0) {
    return (
      <EmptyState
        icon={CircleCheck}
        title={`No long blocks or gaps in ${monthLabel}`}
        description={`No activity block lasted ${formatHours(minDurationHours)} or longer, and every integration ran without a gap.`}
      />
    );
  }

  return (
    <div className="flex flex-col gap-6">
      <GapSummary report={report} />
      <LongBlocksTable
        blocks={report.longActivityBlocks}
        scope={`${formatHours(minDurationHours)} or longer in ${monthLabel}`}
        onEdit={setEditing}
        onDelete={setDeleting}
      />
      <GapsTable gaps={report.gaps} monthLabel={monthLabel} />
      <EditBlockDialog block={editing} onClose={() => setEditing(null)} />
      <DeleteBlockDialog block={deleting} onClose={() => setDeleting(null)} />
    </div>
  );
}
