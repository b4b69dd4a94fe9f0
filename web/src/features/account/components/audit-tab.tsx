import type { AuditEntry } from '@overlap/contract/audit';
import { ScrollText } from 'lucide-react';
import { useState } from 'react';
import { formatDateTime } from '../../../lib/format-time';
import { Badge } from '../../../ui/badge';
import { EmptyState } from '../../../ui/empty-state';
import { Pagination } from '../../../ui/pagination';
import { RetryBanner } from '../../../ui/retry-banner';
import { Skeleton } from '../../../ui/skeleton';
import { Switch } from '../../../ui/switch';
import { useAuditLog } from '../api/audit';
import { describeAudit } from '../lib/audit-text';

function Who({ entry }: { entry: AuditEntry }) {
  if (entry.impersonated) {
    return (
      <span className="flex flex-wrap items-center gap-1.5">
        <Badge tone="warning">Operator</Badge>
        <span className="text-fg">{entry.operatorEmail}</span>
        <span className="text-muted">as {entry.actorEmail ?? 'a deleted user'}</span>
      </span>
    );
  }
  if (entry.operatorEmail) {
    return (
      <span className="flex flex-wrap items-center gap-1.5">
        <Badge tone="accent">Overlap operator</Badge>
        <span className="text-fg">{entry.operatorEmail}</span>
      </span>
    );
  }
  return <span className="text-fg">{entry.actorEmail ?? 'A deleted user'}</span>;
}

/** The account's audit log (managers): who did what and when; operators' actions are marked. */
export function AuditTab() {
  const [page, setPage] = useState(1);
  const [onlyOperators, setOnlyOperators] = useState(false);
  const log = useAuditLog(page, onlyOperators);
  const data = log.data;

  return (
    <section aria-labelledby="audit-heading" className="flex flex-col gap-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div>
          <h2 id="audit-heading" className="text-base font-semibold">
            Audit log
          </h2>
          <p className="text-sm text-muted">
            Changes made in this account, including everything an Overlap operator did while acting as one of you.
          </p>
        </div>
        <div className="flex items-center gap-2 text-sm text-fg">
          <Switch
            id="audit-operators-only"
            label="Only operator actions"
            checked={onlyOperators}
            onCheckedChange={(on) => {
              setOnlyOperators(on);
              setPage(1);
            }}
          />
          <label htmlFor="audit-operators-only">Only operator actions</label>
        </div>
      </div>
      {log.isError && !data ? (
        <RetryBanner onRetry={() => void log.refetch()}>The audit log could not be loaded.</RetryBanner>
      ) : !data ? (
        <div className="flex flex-col gap-2" aria-busy="true">
          {Array.from({ length: 4 }, (_, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: static placeholders
            <Skeleton key={i} className="h-12 w-full" />
          ))}
        </div>
      ) : data.entries.length === 0 ? (
        <EmptyState
          icon={ScrollText}
          description={onlyOperators ? 'No operator has acted in this account.' : 'Nothing has been recorded yet.'}
        />
      ) : (
        <>
          <ol aria-label="Audit entries" className="overflow-hidden rounded-lg border border-line bg-surface">
            {data.entries.map((entry) => (
              <li
                key={entry.id}
                className="flex flex-col gap-1 border-b border-line px-4 py-3 text-sm last:border-b-0 sm:flex-row sm:items-center sm:gap-4"
              >
                <time dateTime={entry.createdAt} className="tabular w-48 shrink-0 text-[13px] text-muted">
                  {formatDateTime(entry.createdAt, { precision: 'seconds' })}
                </time>
                <span className="min-w-0 flex-1 font-medium text-fg">{describeAudit(entry)}</span>
                <span className="min-w-0 text-[13px]">
                  <Who entry={entry} />
                </span>
              </li>
            ))}
          </ol>
          <Pagination
            page={data.pagination.page}
            totalPages={data.pagination.totalPages}
            totalCount={data.pagination.totalCount}
            pageSize={data.pagination.limit}
            onPageChange={setPage}
          />
        </>
      )}
    </section>
  );
}
