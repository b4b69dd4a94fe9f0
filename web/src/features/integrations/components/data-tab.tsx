import type { IntegrationBlocks, IntegrationEvents } from '@overlap/contract/integrations';
import { Activity, CalendarClock, RefreshCw, Trash2 } from 'lucide-react';
import type { ReactNode } from 'react';
import { errorMessage } from '../../../api/client';
import { formatDateTime, formatDuration } from '../../../lib/format-time';
import { safeHref } from '../../../lib/safe-href';
import { Button } from '../../../ui/button';
import { ConfirmDialog } from '../../../ui/confirm-dialog';
import { EmptyState } from '../../../ui/empty-state';
import { RetryBanner } from '../../../ui/retry-banner';
import { Skeleton } from '../../../ui/skeleton';
import { Table, type TableColumn } from '../../../ui/table';
import { toast } from '../../../ui/toaster';
import { useDeleteAllData, useIntegrationBlocks, useIntegrationEvents } from '../api/data';
import { collaboratorsSummary, plural } from '../lib/format';
import { ExternalCollaborators } from './external-collaborators';

type Event = IntegrationEvents['events'][number];
type Block = IntegrationBlocks['activityBlocks'][number];

const when = (iso: string) => formatDateTime(iso, { year: false });
const personName = (p: { name: string | null }, identifier: string) => p.name ?? identifier;

const eventColumns: TableColumn<Event>[] = [
  {
    key: 'title',
    header: 'Event',
    primary: true,
    cell: (e) => {
      const collaborators = collaboratorsSummary(e.metadata);
      const title = e.title ?? e.kind;
      return (
        <div className="flex min-w-0 flex-col">
          {safeHref(e.url) ? (
            <a
              href={safeHref(e.url) as string}
              target="_blank"
              rel="noopener noreferrer"
              className="truncate text-fg hover:underline"
            >
              {title}
            </a>
          ) : (
            <span className="truncate text-fg">{title}</span>
          )}
          {collaborators ? (
            <span className="truncate text-xs text-muted">
              External: {collaborators.names.join(', ')}
              {collaborators.more > 0 ? ` +${collaborators.more} more` : ''}
            </span>
          ) : null}
        </div>
      );
    },
  },
  { key: 'kind', header: 'Kind', cell: (e) => <code className="font-mono text-xs text-muted">{e.kind}</code> },
  { key: 'person', header: 'Person', cell: (e) => personName(e.person, e.personIdentifier) },
  { key: 'time', header: 'Time', cell: (e) => <span className="tabular text-muted">{when(e.timestamp)}</span> },
];

const blockColumns: TableColumn<Block>[] = [
  { key: 'person', header: 'Person', primary: true, cell: (b) => personName(b.person, b.personIdentifier) },
  { key: 'start', header: 'Start', cell: (b) => <span className="tabular">{when(b.startTime)}</span> },
  {
    key: 'end',
    header: 'End',
    cell: (b) =>
      b.isOngoing || !b.endTime ? (
        <span className="text-emerald-700 dark:text-emerald-400">Ongoing</span>
      ) : (
        <span className="tabular">{when(b.endTime)}</span>
      ),
  },
  {
    key: 'duration',
    header: 'Duration',
    align: 'right',
    cell: (b) => <span className="tabular">{formatDuration(b.durationMinutes)}</span>,
  },
];

function DeleteAll({
  integrationId,
  what,
  count,
}: {
  integrationId: string;
  what: 'events' | 'blocks';
  count: number;
}) {
  const remove = useDeleteAllData(integrationId, what);
  const noun = what === 'events' ? 'events' : 'activity blocks';
  return (
    <ConfirmDialog
      trigger={
        <Button size="sm" variant="secondary" icon={<Trash2 />} disabled={count === 0}>
          Delete all
        </Button>
      }
      tone="danger"
      title={`Delete all ${noun}?`}
      description={`This permanently deletes every one of this integration's ${noun}${what === 'blocks' ? ' and the presence samples they came from' : ''}, not only the ${count} listed. Timelines and reports lose this data. This cannot be undone.`}
      confirmLabel={`Delete all ${noun}`}
      errorOf={(err) => errorMessage(err, 'Failed to delete the data')}
      onConfirm={async () => {
        const result = await remove.mutateAsync();
        toast.success(`Deleted ${plural(result.deleted, what === 'events' ? 'event' : 'activity block', noun)}`);
      }}
    />
  );
}

function Section<Row>({
  title,
  headingId,
  query,
  rows,
  columns,
  rowKey,
  emptyText,
  emptyIcon,
  deleteAction,
}: {
  title: string;
  headingId: string;
  query: { isPending: boolean; isError: boolean; refetch: () => unknown };
  rows: Row[] | undefined;
  columns: TableColumn<Row>[];
  rowKey: (row: Row) => string;
  emptyText: string;
  emptyIcon: typeof Activity;
  deleteAction: ReactNode;
}) {
  return (
    <section aria-labelledby={headingId} className="flex flex-col gap-3">
      <div className="flex items-center justify-between gap-3">
        <h2 id={headingId} className="text-sm font-semibold">
          {title}
          {rows ? <span className="tabular ml-2 font-normal text-muted">latest {rows.length}</span> : null}
        </h2>
        {deleteAction}
      </div>
      {query.isPending ? (
        <Skeleton className="h-32 w-full" />
      ) : query.isError ? (
        <RetryBanner onRetry={() => query.refetch()} label="Try Again" icon={<RefreshCw />}>
          Failed to fetch data
        </RetryBanner>
      ) : (
        <Table
          columns={columns}
          rows={rows ?? []}
          rowKey={rowKey}
          caption={title}
          maxHeight="24rem"
          empty={<EmptyState icon={emptyIcon} description={emptyText} className="border-0 py-6" />}
        />
      )}
    </section>
  );
}

/** The latest 100 events and activity blocks, each with a delete-all behind a confirmation. */
export function DataTab({ integrationId }: { integrationId: string }) {
  const events = useIntegrationEvents(integrationId);
  const blocks = useIntegrationBlocks(integrationId);
  return (
    <div className="flex flex-col gap-8">
      {events.data ? <ExternalCollaborators events={events.data.events} /> : null}
      <Section
        title="Activity blocks"
        headingId="blocks-heading"
        query={blocks}
        rows={blocks.data?.activityBlocks}
        columns={blockColumns}
        rowKey={(b) => b.id}
        emptyText="No activity blocks yet"
        emptyIcon={CalendarClock}
        deleteAction={
          <DeleteAll integrationId={integrationId} what="blocks" count={blocks.data?.activityBlocks.length ?? 0} />
        }
      />
      <Section
        title="Events"
        headingId="events-heading"
        query={events}
        rows={events.data?.events}
        columns={eventColumns}
        rowKey={(e) => e.id}
        emptyText="No activity events yet"
        emptyIcon={Activity}
        deleteAction={<DeleteAll integrationId={integrationId} what="events" count={events.data?.events.length ?? 0} />}
      />
    </div>
  );
}
