import type { PersonStatusFilter } from '@overlap/contract/integrations';
import { useState } from 'react';
import { formatRelativeTime } from '../../../lib/relative-time';
import { Avatar } from '../../../ui/avatar';
import { StatusBadge } from '../../../ui/badge';
import { Button } from '../../../ui/button';
import { Card, CardContent, CardFooter, CardHeader, StatCard } from '../../../ui/card';
import { Pagination } from '../../../ui/pagination';
import { Table, type TableColumn } from '../../../ui/table';
import { Tabs } from '../../../ui/tabs';
import { Section } from './section';

interface SamplePerson {
  id: string;
  name: string;
  email: string;
  status: PersonStatusFilter;
  timezone: string;
  hours: number;
  lastSeenMinutes: number;
}

const NOW = Date.now();

const people: SamplePerson[] = [
  {
    id: 'p-ana',
    name: 'Ana Silva',
    email: 'ana@example.com',
    status: 'active',
    timezone: 'Europe/Lisbon',
    hours: 6.4,
    lastSeenMinutes: 0,
  },
  {
    id: 'p-kenji',
    name: 'Kenji Watanabe',
    email: 'kenji@example.com',
    status: 'active',
    timezone: 'Asia/Tokyo',
    hours: 4.1,
    lastSeenMinutes: 42,
  },
  {
    id: 'p-mira',
    name: 'Mira Patel',
    email: 'mira@example.com',
    status: 'unassigned',
    timezone: 'Asia/Kolkata',
    hours: 2.75,
    lastSeenMinutes: 190,
  },
  {
    id: 'p-leo',
    name: 'Leo Fischer',
    email: 'leo@example.com',
    status: 'active',
    timezone: 'Europe/Berlin',
    hours: 7.9,
    lastSeenMinutes: 60 * 30,
  },
  {
    id: 'p-sam',
    name: 'Sam Okafor',
    email: 'sam@example.com',
    status: 'ignored',
    timezone: 'Africa/Lagos',
    hours: 0,
    lastSeenMinutes: 60 * 24 * 12,
  },
];

const columns: TableColumn<SamplePerson>[] = [
  {
    key: 'name',
    header: 'Person',
    primary: true,
    cell: (p) => (
      <span className="flex items-center gap-2.5">
        <Avatar name={p.name} id={p.id} size="sm" online={p.lastSeenMinutes < 5} />
        <span className="flex min-w-0 flex-col">
          <span className="truncate font-medium text-fg">{p.name}</span>
          <span className="truncate text-xs text-muted">{p.email}</span>
        </span>
      </span>
    ),
  },
  { key: 'status', header: 'Status', cell: (p) => <StatusBadge status={p.status} /> },
  { key: 'tz', header: 'Timezone', cell: (p) => <span className="text-muted">{p.timezone}</span> },
  {
    key: 'hours',
    header: 'Today',
    align: 'right',
    cell: (p) => <span className="tabular">{p.hours.toFixed(1)} h</span>,
  },
  {
    key: 'seen',
    header: 'Last seen',
    align: 'right',
    cell: (p) => (
      <span className="tabular text-muted">{formatRelativeTime(NOW - p.lastSeenMinutes * 60_000, new Date(NOW))}</span>
    ),
  },
];

function PeopleTable({ rows }: { rows: SamplePerson[] }) {
  const [page, setPage] = useState(1);
  return (
    <div className="flex flex-col gap-3">
      <Table
        caption="Sample people"
        columns={columns}
        rows={rows}
        rowKey={(p) => p.id}
        maxHeight="20rem"
        empty="No people in this list"
      />
      <Pagination page={page} totalPages={7} onPageChange={setPage} totalCount={134} pageSize={20} />
    </div>
  );
}

export function DataSection() {
  const byStatus = (status: SamplePerson['status']) => people.filter((p) => p.status === status);
  return (
    <Section
      id="data"
      title="Tabs, tables and cards"
      description="Tabs keep their selection in ?tab=. Tables keep their header in view and turn into cards on phones."
    >
      <Tabs
        aria-label="People lists"
        items={[
          { value: 'all', label: 'All', count: people.length, content: <PeopleTable rows={people} /> },
          {
            value: 'active',
            label: 'Active',
            count: byStatus('active').length,
            content: <PeopleTable rows={byStatus('active')} />,
          },
          {
            value: 'unassigned',
            label: 'Unassigned',
            count: byStatus('unassigned').length,
            content: <PeopleTable rows={byStatus('unassigned')} />,
          },
          { value: 'ignored', label: 'Ignored', count: 0, content: <PeopleTable rows={[]} /> },
        ]}
      />
      <div className="grid gap-3 sm:grid-cols-4">
        <StatCard label="Active days" value="214" />
        <StatCard label="Activity blocks" value="1,832" />
        <StatCard label="Events" value="9,410" />
        <StatCard label="Hours" value="1,204.5" hint="this year" />
      </div>
      <Card>
        <CardHeader
          title="Connected integrations"
          description="Where Ana's activity comes from."
          actions={
            <Button size="sm" variant="secondary">
              Manage
            </Button>
          }
        />
        <CardContent className="text-sm text-muted">Slack · GitHub · Google Drive</CardContent>
        <CardFooter>
          <Button size="sm" variant="ghost">
            Cancel
          </Button>
          <Button size="sm" variant="primary">
            Save
          </Button>
        </CardFooter>
      </Card>
    </Section>
  );
}
