import { Activity, ArrowLeft, Clock, ExternalLink } from 'lucide-react';
import { type ReactNode, useState } from 'react';
import { useNavigate, useParams, useSearchParams } from 'react-router';
import { isApiError } from '../../../api/client';
import { formatDateTime, formatDuration } from '../../../lib/format-time';
import { safeHref } from '../../../lib/safe-href';
import { useTimePreferences } from '../../../lib/use-time-preferences';
import { Button } from '../../../ui/button';
import { EmptyState } from '../../../ui/empty-state';
import { Pagination } from '../../../ui/pagination';
import { Skeleton } from '../../../ui/skeleton';
import { Tabs } from '../../../ui/tabs';
import {
  ACTIVITY_PAGE_SIZE,
  usePersonIntegration,
  usePersonIntegrationBlocks,
  usePersonIntegrationEvents,
} from '../api/people';

const when = (iso: string) => formatDateTime(iso);

function ErrorLine({ text, onRetry }: { text: string; onRetry: () => void }) {
  return (
    <div role="alert" className="flex flex-col items-center gap-3 py-10 text-center">
      <p className="text-sm text-red-600 dark:text-red-400">{text}</p>
      <Button size="sm" onClick={onRetry}>
        Retry
      </Button>
    </div>
  );
}

/** The loading, error, empty and paging frame shared by the events and blocks tabs. */
function PagedTab<T>({
  query,
  items,
  total,
  page,
  onPageChange,
  errorText,
  empty,
  children,
}: {
  query: { isPending: boolean; isError: boolean; error: unknown; refetch: () => unknown };
  items: T[] | undefined;
  total: number;
  page: number;
  onPageChange: (page: number) => void;
  errorText: string;
  empty: ReactNode;
  children: (items: T[]) => ReactNode;
}) {
  if (query.isPending) return <Skeleton className="h-64" />;
  if (query.isError || !items)
    return (
      <ErrorLine
        text={isApiError(query.error, 404) ? 'Person integration not found' : errorText}
        onRetry={() => query.refetch()}
      />
    );
  if (items.length === 0) return <>{empty}</>;
  return (
    <div className="flex flex-col gap-3">
      <ul className="divide-y divide-line rounded-lg border border-line bg-surface">{children(items)}</ul>
      <Pagination
        page={page}
        totalPages={Math.max(1, Math.ceil(total / ACTIVITY_PAGE_SIZE))}
        totalCount={total}
        pageSize={ACTIVITY_PAGE_SIZE}
        onPageChange={onPageChange}
      />
    </div>
  );
}

function EventsTab({ id, active }: { id: string; active: boolean }) {
  const [page, setPage] = useState(1);
  const q = usePersonIntegrationEvents(id, (page - 1) * ACTIVITY_PAGE_SIZE, active);
  return (
    <PagedTab
      query={q}
      items={q.data?.events}
      total={q.data?.pagination.total ?? 0}
      page={page}
      onPageChange={setPage}
      errorText="Failed to load events"
      empty={<EmptyState icon={Activity} description="No activity events yet" />}
    >
      {(events) =>
        events.map((e) => (
          <li key={e.id} className="flex items-start gap-3 px-4 py-3 text-sm">
            <div className="min-w-0 flex-1">
              <p className="truncate font-medium">{e.title || e.kind}</p>
              <p className="text-xs text-muted">{e.kind}</p>
            </div>
            <span className="tabular shrink-0 text-xs text-muted">{when(e.timestamp)}</span>
            {safeHref(e.url) ? (
              <a
                href={safeHref(e.url) as string}
                target="_blank"
                rel="noopener noreferrer"
                aria-label="Open event"
                className="text-muted hover:text-fg"
              >
                <ExternalLink className="size-4" aria-hidden="true" />
              </a>
            ) : null}
          </li>
        ))
      }
    </PagedTab>
  );
}

function BlocksTab({ id, active }: { id: string; active: boolean }) {
  const [page, setPage] = useState(1);
  const q = usePersonIntegrationBlocks(id, (page - 1) * ACTIVITY_PAGE_SIZE, active);
  return (
    <PagedTab
      query={q}
      items={q.data?.activityBlocks}
      total={q.data?.pagination.total ?? 0}
      page={page}
      onPageChange={setPage}
      errorText="Failed to load activity blocks"
      empty={<EmptyState icon={Clock} description="No activity blocks yet" />}
    >
      {(blocks) =>
        blocks.map((b) => (
          <li key={b.id} className="tabular flex items-center gap-3 px-4 py-3 text-sm">
            <span className="flex-1">
              {when(b.startTime)} – {b.endTime ? when(b.endTime) : 'ongoing'}
            </span>
            <span className="text-xs text-muted">{formatDuration(b.durationMinutes)}</span>
          </li>
        ))
      }
    </PagedTab>
  );
}

export default function PersonIntegrationPage() {
  // Every time on the page follows a new 12/24-hour or timezone setting at once.
  useTimePreferences();
  const { id = '' } = useParams();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const tab = params.get('tab') === 'blocks' ? 'blocks' : 'events';
  const detail = usePersonIntegration(id);
  const notFound = isApiError(detail.error, 404);
  const d = detail.data;

  return (
    <div className="mx-auto flex max-w-screen-md flex-col gap-5 px-4 py-6 sm:px-6">
      <div className="flex items-center gap-3">
        <Button
          variant="ghost"
          size="icon"
          aria-label="Back"
          onClick={() =>
            window.history.length > 1 ? navigate(-1) : navigate(d ? `/people/${d.person.id}` : '/people')
          }
        >
          <ArrowLeft />
        </Button>
        <div className="min-w-0">
          <h1 className="truncate text-xl font-semibold tracking-tight">
            {d ? `${d.person.name || d.person.email || d.externalId} · ${d.integration.name}` : 'Person activity data'}
          </h1>
          {d ? (
            <p className="truncate text-[13px] text-muted">
              {d.integration.serviceName} identity {d.externalId}
            </p>
          ) : null}
        </div>
      </div>
      {notFound ? (
        <p role="alert" className="py-12 text-center text-sm font-medium text-red-600 dark:text-red-400">
          Person integration not found
        </p>
      ) : (
        <Tabs
          aria-label="Activity data"
          defaultValue="events"
          items={[
            { value: 'events', label: 'Events', content: <EventsTab id={id} active={tab === 'events'} /> },
            { value: 'blocks', label: 'Blocks', content: <BlocksTab id={id} active={tab === 'blocks'} /> },
          ]}
        />
      )}
    </div>
  );
}
