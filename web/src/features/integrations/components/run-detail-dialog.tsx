import { formatDateTime, formatTime } from '../../../lib/format-time';
import { Dialog, DialogContent } from '../../../ui/dialog';
import { Spinner } from '../../../ui/spinner';
import { useIntegrationRun } from '../api/data';
import { formatDuration } from '../lib/format';
import { RunStatus } from './run-status';

const time = (iso: string) => formatTime(iso, { precision: 'milliseconds' });

/** One run with its debug events, opened from the runs table. */
export function RunDetailDialog({
  integrationId,
  runId,
  onClose,
}: {
  integrationId: string;
  runId: string | null;
  onClose: () => void;
}) {
  const detail = useIntegrationRun(integrationId, runId);
  const run = detail.data?.run;
  return (
    <Dialog open={runId !== null} onOpenChange={(open) => (open ? null : onClose())}>
      <DialogContent
        size="lg"
        title="Run details"
        description={run ? `${formatDateTime(run.startedAt, { precision: 'seconds' })} · ${run.trigger}` : undefined}
      >
        {detail.isPending ? (
          <div className="flex items-center gap-2 py-6 text-muted" role="status">
            <Spinner size="sm" /> Loading run…
          </div>
        ) : detail.isError || !run ? (
          <p role="alert" className="py-4 text-red-600 dark:text-red-400">
            Failed to fetch run details
          </p>
        ) : (
          <div className="flex flex-col gap-4">
            <div className="flex flex-wrap gap-x-6 gap-y-2 text-sm">
              <RunStatus status={run.status} />
              <span>
                Duration <span className="tabular font-medium">{formatDuration(run.durationMs)}</span>
              </span>
              <span>
                People found <span className="tabular font-medium">{run.peopleFound}</span>
              </span>
              <span>
                Events created <span className="tabular font-medium">{run.eventsCreated}</span>
              </span>
            </div>
            {run.errorMessage ? (
              <p className="rounded-md bg-red-50 p-3 text-red-800 dark:bg-red-500/10 dark:text-red-200">
                {run.errorMessage}
              </p>
            ) : null}
            <div>
              <h3 className="mb-2 text-sm font-semibold">Debug events</h3>
              {run.debugEvents.length === 0 ? (
                <p className="text-muted">No debug events were recorded for this run.</p>
              ) : (
                <ol className="flex flex-col divide-y divide-line rounded-md border border-line">
                  {run.debugEvents.map((e) => (
                    <li key={e.id} className="flex flex-col gap-1 px-3 py-2">
                      <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
                        <span className="tabular font-mono text-xs text-muted">{time(e.timestamp)}</span>
                        <code className="font-mono text-xs font-medium">{e.event}</code>
                        {e.duration !== null ? (
                          <span className="tabular text-xs text-muted">{formatDuration(e.duration)}</span>
                        ) : null}
                      </div>
                      {e.details && Object.keys(e.details).length > 0 ? (
                        <pre className="overflow-x-auto rounded bg-subtle px-2 py-1 font-mono text-xs text-muted">
                          {JSON.stringify(e.details, null, 2)}
                        </pre>
                      ) : null}
                    </li>
                  ))}
                </ol>
              )}
            </div>
          </div>
        )}
      </DialogContent>
    </Dialog>
  );
}
