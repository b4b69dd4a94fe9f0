import type { ApiCall } from '@overlap/contract/integrations';
import { ChevronRight, Webhook } from 'lucide-react';
import { formatDateTime } from '../../../lib/format-time';
import { EmptyState } from '../../../ui/empty-state';
import { RetryBanner } from '../../../ui/retry-banner';
import { Skeleton } from '../../../ui/skeleton';
import { API_CALLS_SHOWN, useIntegrationApiCalls } from '../api/data';
import { formatDuration, statusCodeTone } from '../lib/format';
import { ToneText } from './tone-text';

function CallRow({ call }: { call: ApiCall }) {
  return (
    <li>
      <details className="group">
        <summary className="flex cursor-pointer list-none flex-wrap items-center gap-x-3 gap-y-1 px-3 py-2 text-sm hover:bg-subtle/60">
          <ChevronRight className="size-3.5 text-muted transition-transform group-open:rotate-90" aria-hidden="true" />
          <ToneText tone={statusCodeTone(call.statusCode)}>{call.statusCode}</ToneText>
          <code className="font-mono text-xs font-medium">{call.method}</code>
          <code className="min-w-0 flex-1 truncate font-mono text-xs">{call.endpoint}</code>
          <span className="tabular text-xs text-muted">{formatDuration(call.duration)}</span>
          <span className="tabular text-xs text-muted">
            {formatDateTime(call.createdAt, { year: false, precision: 'seconds' })}
          </span>
        </summary>
        <div className="grid gap-2 px-3 pb-3 sm:grid-cols-2">
          {(
            [
              ['Request', call.payload],
              ['Response', call.response],
            ] as const
          ).map(([label, body]) => (
            <div key={label} className="min-w-0">
              <p className="mb-1 text-xs font-medium text-muted">{label}</p>
              <pre className="max-h-48 overflow-auto rounded bg-subtle p-2 font-mono text-xs">{body ?? '—'}</pre>
            </div>
          ))}
        </div>
      </details>
    </li>
  );
}

/** The latest push API calls made with the integration's key, with the error count among them. */
export function ApiCallsSection({ integrationId }: { integrationId: string }) {
  const calls = useIntegrationApiCalls(integrationId, true);
  const errors = calls.data?.apiCalls.filter((c) => c.statusCode >= 400).length ?? 0;
  return (
    <section aria-labelledby="api-calls-heading" className="flex flex-col gap-3">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="api-calls-heading" className="text-sm font-semibold">
          API calls
        </h2>
        {calls.data ? (
          <p className="text-[13px] text-muted">
            Errors in Last {API_CALLS_SHOWN} Requests:{' '}
            <ToneText tone={errors > 0 ? 'danger' : 'success'}>{errors}</ToneText>
          </p>
        ) : null}
      </div>
      {calls.isPending ? (
        <Skeleton className="h-24 w-full" />
      ) : calls.isError ? (
        <RetryBanner onRetry={() => calls.refetch()} label="Try Again">
          Failed to fetch API calls:{' '}
          {calls.error instanceof Error && 'status' in calls.error ? String(calls.error.status) : calls.error.message}
        </RetryBanner>
      ) : calls.data.apiCalls.length === 0 ? (
        <EmptyState icon={Webhook} description="No API calls found" className="py-6" />
      ) : (
        <ul className="divide-y divide-line rounded-lg border border-line bg-surface">
          {calls.data.apiCalls.map((call) => (
            <CallRow key={call.id} call={call} />
          ))}
        </ul>
      )}
    </section>
  );
}
