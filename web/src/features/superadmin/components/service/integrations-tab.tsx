import type { ServiceIntegration } from '@overlap/contract/service-admin';
import { Plug } from 'lucide-react';
import { Link } from 'react-router';
import { StatusBadge } from '../../../../ui/badge';
import { EmptyState } from '../../../../ui/empty-state';
import { RetryBanner } from '../../../../ui/retry-banner';
import { Skeleton } from '../../../../ui/skeleton';
import { Table, type TableColumn } from '../../../../ui/table';
import { useServiceIntegrations } from '../../api/services';
import { when } from '../account/section';

const columns: TableColumn<ServiceIntegration>[] = [
  { key: 'name', header: 'Integration', primary: true, cell: (i) => <span className="font-medium">{i.name}</span> },
  { key: 'status', header: 'Status', cell: (i) => <StatusBadge status={i.status} /> },
  { key: 'type', header: 'Type', cell: (i) => <span className="text-muted capitalize">{i.type}</span> },
  { key: 'sync', header: 'Last sync', cell: (i) => <span className="tabular text-muted">{when(i.lastSync)}</span> },
  { key: 'created', header: 'Created', cell: (i) => <span className="tabular text-muted">{when(i.createdAt)}</span> },
];

/** Groups a list ordered by account into one list per account, in order. */
export function groupByAccount(rows: ServiceIntegration[]) {
  const groups: { accountId: string; accountName: string; accountSlug: string; rows: ServiceIntegration[] }[] = [];
  for (const row of rows) {
    const last = groups[groups.length - 1];
    if (last && last.accountId === row.accountId) last.rows.push(row);
    else
      groups.push({
        accountId: row.accountId,
        accountName: row.accountName,
        accountSlug: row.accountSlug,
        rows: [row],
      });
  }
  return groups;
}

/** The integrations of this service in every account, grouped by account. */
export function IntegrationsTab({ serviceId }: { serviceId: string }) {
  const list = useServiceIntegrations(serviceId);
  if (list.isError && !list.data) {
    return <RetryBanner onRetry={() => void list.refetch()}>The integrations could not be loaded.</RetryBanner>;
  }
  if (!list.data) return <Skeleton className="h-40 w-full" />;
  if (list.data.length === 0) {
    return <EmptyState icon={Plug} description="No account has connected this service yet." />;
  }
  return (
    <div className="flex flex-col gap-6">
      {groupByAccount(list.data).map((group) => (
        <section key={group.accountId} aria-label={group.accountName} className="flex flex-col gap-2">
          <h3 className="flex flex-wrap items-baseline gap-2 text-sm">
            <Link
              to={`/superadmin/accounts/${group.accountId}`}
              className="font-semibold text-fg hover:text-accent-text hover:underline"
            >
              {group.accountName}
            </Link>
            <span className="font-mono text-xs text-muted">{group.accountSlug}</span>
            <span className="text-xs text-muted">
              · {group.rows.length} integration{group.rows.length === 1 ? '' : 's'}
            </span>
          </h3>
          <Table
            columns={columns}
            rows={group.rows}
            rowKey={(r) => r.id}
            caption={`Integrations of ${group.accountName}`}
          />
        </section>
      ))}
    </div>
  );
}
