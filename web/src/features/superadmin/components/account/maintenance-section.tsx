import { FIX_BLOCKS_CONFIRMATION, GAP_WINDOW_DAYS, type OperatorAccount } from '@overlap/contract/superadmin';
import { Scissors, Search } from 'lucide-react';
import { formatDuration } from '../../../../lib/format-time';
import { Button } from '../../../../ui/button';
import { ConfirmDialog } from '../../../../ui/confirm-dialog';
import { useDetectGaps, useFixBlocks } from '../../api/account-tools';
import { Section, when } from './section';

const DETECT_ERROR = 'Failed to detect integration gaps. Please try again.';
const FIX_ERROR = 'Failed to fix activity blocks. Please try again.';

/** Gaps between integration runs over the last 90 days, and capping the blocks that run across them. */
export function MaintenanceSection({ account }: { account: OperatorAccount }) {
  const detect = useDetectGaps(account.id);
  const fix = useFixBlocks(account.id);
  const report = detect.data;
  return (
    <Section
      title="Activity block maintenance"
      description={`Gaps between successful integration runs in the last ${GAP_WINDOW_DAYS} days.`}
    >
      <div className="flex flex-col gap-3 text-sm">
        <div className="flex flex-wrap gap-2">
          <Button icon={<Search />} loading={detect.isPending} onClick={() => detect.mutate()}>
            Detect gaps
          </Button>
          <ConfirmDialog
            trigger={
              <Button icon={<Scissors />} loading={fix.isPending}>
                Fix blocks
              </Button>
            }
            title="Fix activity blocks?"
            description={FIX_BLOCKS_CONFIRMATION}
            tone="danger"
            confirmLabel="Fix blocks"
            onConfirm={async () => {
              await fix.mutateAsync();
              detect.mutate();
            }}
            errorOf={() => FIX_ERROR}
          />
        </div>
        {detect.isError ? (
          <p role="alert" className="text-red-600 dark:text-red-400">
            {DETECT_ERROR}
          </p>
        ) : null}
        {fix.data ? (
          <p role="status" className="text-emerald-700 dark:text-emerald-400">
            Fixed {fix.data.totalBlocksFixed} block{fix.data.totalBlocksFixed === 1 ? '' : 's'} across{' '}
            {fix.data.gapsProcessed} gap{fix.data.gapsProcessed === 1 ? '' : 's'}, removing{' '}
            {fix.data.summary.totalDurationReduced} minutes ({fix.data.summary.averageDurationReduction} on average).
          </p>
        ) : null}
        {report ? (
          report.totalGaps === 0 ? (
            <p className="text-muted">No gaps between integration runs.</p>
          ) : (
            <>
              <p className="tabular">
                {report.totalGaps} gap{report.totalGaps === 1 ? '' : 's'}, {report.totalAffectedBlocks} affected block
                {report.totalAffectedBlocks === 1 ? '' : 's'}, {report.summary.averageGapMinutes} minutes on average.
              </p>
              <ul className="flex max-h-64 flex-col divide-y divide-line overflow-y-auto rounded-md border border-line">
                {report.gaps.map((gap) => (
                  <li
                    key={`${gap.integrationId}-${gap.gapStart}`}
                    className="flex flex-wrap justify-between gap-2 px-3 py-2"
                  >
                    <span className="font-medium">{gap.integrationName}</span>
                    <span className="tabular text-muted">
                      {when(gap.gapStart)} → {when(gap.gapEnd)} · {formatDuration(gap.durationMinutes)} ·{' '}
                      {gap.affectedBlocksCount} block{gap.affectedBlocksCount === 1 ? '' : 's'}
                    </span>
                  </li>
                ))}
              </ul>
            </>
          )
        ) : detect.isError ? null : (
          <p className="text-muted">Run a detection to see the gaps.</p>
        )}
      </div>
    </Section>
  );
}
