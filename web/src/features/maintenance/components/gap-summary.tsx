import type { GapReport } from '@overlap/contract/maintenance';
import { StatCard } from '../../../ui/card';
import { formatHours, formatMinutes } from '../lib/format';

/** Totals and averages of a report. */
export function GapSummary({ report }: { report: GapReport }) {
  return (
    <section aria-label="Summary" className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-5">
      <StatCard label="Long blocks" value={report.totalLongBlocks} />
      <StatCard label="Gaps" value={report.totalGaps} />
      <StatCard label="Affected blocks" value={report.totalAffectedBlocks} hint="Running through a gap" />
      <StatCard
        label="Average block"
        value={report.totalLongBlocks > 0 ? formatHours(report.summary.averageBlockHours) : '—'}
      />
      {/* Five cards leave one alone on the two-column phone grid: let it span the row. */}
      <div className="col-span-2 grid sm:col-span-1">
        <StatCard
          label="Average gap"
          value={report.totalGaps > 0 ? formatMinutes(report.summary.averageGapMinutes) : '—'}
        />
      </div>
    </section>
  );
}
