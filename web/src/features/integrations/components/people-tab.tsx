import type { IntegrationPeople, PersonStatusFilter } from '@overlap/contract/integrations';
import { Users } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { formatRelativeTime } from '../../../lib/relative-time';
import { StatusBadge } from '../../../ui/badge';
import { EmptyState } from '../../../ui/empty-state';
import { Pagination } from '../../../ui/pagination';
import { RetryBanner } from '../../../ui/retry-banner';
import { Select } from '../../../ui/select';
import { Skeleton } from '../../../ui/skeleton';
import { Table, type TableColumn } from '../../../ui/table';
import { PEOPLE_PAGE_SIZE, useIntegrationPeople } from '../api/data';

type Person = IntegrationPeople['people'][number];

/** 'active' people are merged into a tracked person; the list calls them 'Merged' (spec 001 §4). */
const statusLabel = (status: Person['status']) => (status === 'active' ? 'Merged' : undefined);

const columns: TableColumn<Person>[] = [
  {
    key: 'name',
    header: 'Person',
    primary: true,
    cell: (p) => (
      <div className="flex min-w-0 flex-col">
        {p.status === 'active' ? (
          <Link to={`/people/${p.id}`} className="truncate font-medium text-fg hover:underline">
            {p.name ?? p.personIdentifier}
          </Link>
        ) : (
          <span className="truncate font-medium text-fg">{p.name ?? p.personIdentifier}</span>
        )}
        <span className="truncate font-mono text-xs text-muted">{p.personIdentifier}</span>
      </div>
    ),
  },
  {
    key: 'status',
    header: 'Status',
    cell: (p) => <StatusBadge status={p.status} label={statusLabel(p.status)} />,
  },
  {
    key: 'presence',
    header: 'Presence',
    cell: (p) =>
      p.isOnline ? (
        <StatusBadge status="online" label={p.lastStatus && p.lastStatus !== 'online' ? p.lastStatus : 'Online'} />
      ) : (
        <span className="text-muted">{p.lastSeenAt ? `Seen ${formatRelativeTime(p.lastSeenAt)}` : 'Never seen'}</span>
      ),
  },
  { key: 'timezone', header: 'Timezone', cell: (p) => <span className="text-muted">{p.timezone}</span> },
];

const filters = [
  { value: 'all', label: 'All statuses' },
  { value: 'active', label: 'Merged' },
  { value: 'unassigned', label: 'Unassigned' },
  { value: 'ignored', label: 'Ignored' },
];

/** People linked to the integration, filtered by status, 20 a page. */
export function PeopleTab({ integrationId }: { integrationId: string }) {
  const [status, setStatus] = useState<PersonStatusFilter | undefined>(undefined);
  const [page, setPage] = useState(1);
  const people = useIntegrationPeople(integrationId, page, status);

  return (
    <section aria-labelledby="people-heading" className="flex flex-col gap-3">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="people-heading" className="text-sm font-semibold">
          People
        </h2>
        <Select
          aria-label="Filter by status"
          options={filters}
          value={status ?? 'all'}
          onValueChange={(value) => {
            setStatus(value === 'all' ? undefined : (value as PersonStatusFilter));
            setPage(1);
          }}
          className="w-44"
        />
      </div>
      {people.isPending ? (
        <Skeleton className="h-40 w-full" />
      ) : people.isError ? (
        <RetryBanner onRetry={() => people.refetch()} label="Try Again">
          Failed to fetch people: {people.error.message}
        </RetryBanner>
      ) : (
        <>
          <Table
            columns={columns}
            rows={people.data.people}
            rowKey={(p) => p.personIntegrationId}
            caption="People of this integration"
            empty={<EmptyState icon={Users} description="No people found" className="border-0 py-6" />}
          />
          {people.data.pagination.totalPages > 1 ? (
            <Pagination
              page={page}
              totalPages={people.data.pagination.totalPages}
              totalCount={people.data.pagination.totalCount}
              pageSize={PEOPLE_PAGE_SIZE}
              onPageChange={setPage}
            />
          ) : null}
        </>
      )}
    </section>
  );
}
