import type { AccountView } from '@overlap/contract/account';
import type { IntegrationSummary } from '@overlap/contract/integrations';
import { Lock, Plug, Plus, RefreshCw } from 'lucide-react';
import { Link, useNavigate } from 'react-router';
import { useAccount, useBillingStatus } from '../../../api/account';
import { useSession } from '../../../api/session';
import { formatDate } from '../../../lib/format-time';
import { canManage } from '../../../lib/roles';
import { Badge, StatusBadge } from '../../../ui/badge';
import { Banner } from '../../../ui/banner';
import { ButtonLink } from '../../../ui/button';
import { EmptyState } from '../../../ui/empty-state';
import { LoadingRows } from '../../../ui/loading-rows';
import { UsageBar } from '../../../ui/progress-bar';
import { RetryBanner } from '../../../ui/retry-banner';
import { Skeleton } from '../../../ui/skeleton';
import { Table, type TableColumn } from '../../../ui/table';
import {
  CopyApiKeyButton,
  IntegrationIndicator,
  indicatorState,
  integrationColor,
  staleIntegrationsText,
  useIntegrationList,
} from '../../integrations';
import { DemoDataCard } from './demo-data-card';

const loadingRows = <LoadingRows label="Loading integrations" rows={2} rowClassName="h-12 w-full" />;

/** The account page's fallback integration limit when billing cannot be read (spec 001 §9). */
const FALLBACK_MAX_INTEGRATIONS = 5;

const day = (iso: string) => formatDate(iso);

function Swatch({ color }: { color: string }) {
  return (
    <span className="inline-flex items-center gap-2">
      <span className="size-3.5 rounded-sm ring-1 ring-black/10 ring-inset" style={{ backgroundColor: color }} />
      <span className="font-mono text-xs text-muted">{color}</span>
    </span>
  );
}

const columns: TableColumn<IntegrationSummary>[] = [
  {
    key: 'details',
    header: 'Integration',
    primary: true,
    cell: (i) => (
      <div className="flex min-w-0 flex-col">
        <Link
          to={`/integrations/${i.id}`}
          onClick={(e) => e.stopPropagation()}
          className="truncate font-medium text-fg hover:underline focus-visible:underline"
        >
          {i.name}
        </Link>
        <span className="truncate text-xs text-muted">
          {i.service.name} · <span className="tabular">Created {day(i.createdAt)}</span>
          {i.archivedAt ? ' · Archived' : ''}
        </span>
      </div>
    ),
  },
  {
    key: 'kind',
    header: 'Kind',
    cell: (i) => (
      <Badge tone={i.kind === 'presence' ? 'accent' : 'info'}>{i.kind === 'presence' ? 'Presence' : 'Events'}</Badge>
    ),
  },
  { key: 'color', header: 'Color', cell: (i) => <Swatch color={integrationColor(i)} /> },
  {
    key: 'people',
    header: 'People',
    align: 'right',
    cell: (i) => <span className="tabular">{i.personIntegrationsCount}</span>,
  },
  {
    key: 'apiKey',
    header: 'API key',
    cell: (i) =>
      i.apiKey ? (
        <span className="inline-flex items-center gap-1">
          <code className="rounded bg-subtle px-1.5 py-0.5 font-mono text-xs text-fg">{i.apiKey}</code>
          <CopyApiKeyButton integrationId={i.id} name={i.name} />
        </span>
      ) : (
        <span className="text-muted">—</span>
      ),
  },
  { key: 'status', header: 'Status', cell: (i) => <IntegrationIndicator state={indicatorState(i)} /> },
];

/**
 * The stale banner. With the list loaded it counts the rows marked stale, so the banner always
 * agrees with the indicators below it; otherwise it reads the account's integrationHealth.
 */
function HealthBanner({ account }: { account: AccountView | undefined }) {
  const list = useIntegrationList();
  const count = list.data
    ? list.data.integrations.filter((i) => indicatorState(i) === 'stale').length
    : (account?.integrationHealth.staleCount ?? 0);
  if (count <= 0) return null;
  return <Banner tone="warning">{staleIntegrationsText(count)}</Banner>;
}

function Usage({ used }: { used: number }) {
  const billing = useBillingStatus();
  if (billing.isPending) return <Skeleton className="h-9 w-full" />;
  const limit = billing.data?.maxIntegrations ?? FALLBACK_MAX_INTEGRATIONS;
  return <UsageBar label="Integrations used" used={used} limit={limit} />;
}

/** Managers: every integration with its health, colour, people and key. */
function ManagerView() {
  const navigate = useNavigate();
  const list = useIntegrationList();
  if (list.isPending) return loadingRows;
  if (list.isError) {
    return (
      <RetryBanner onRetry={() => list.refetch()} label="Retry" icon={<RefreshCw />}>
        Failed to fetch integration data: {list.error.message}
      </RetryBanner>
    );
  }
  const integrations = list.data.integrations;
  return (
    <>
      <Usage used={integrations.filter((i) => !i.archivedAt).length} />
      <Table
        columns={columns}
        rows={integrations}
        rowKey={(i) => i.id}
        caption="Integrations"
        onRowClick={(i) => navigate(`/integrations/${i.id}`)}
        empty={
          <EmptyState
            icon={Plug}
            description="No integrations yet. Connect a chat app or a custom source to start tracking activity."
            action={
              <ButtonLink to="/integrations/add" variant="primary" icon={<Plus className="size-4" />}>
                Add integration
              </ButtonLink>
            }
          />
        }
      />
    </>
  );
}

/** Users: which integrations exist, without keys or settings (the integrations API is for managers). */
function MemberView({ account }: { account: AccountView }) {
  return (
    <>
      <Banner tone="info" title="Managed by your account's managers">
        Only managers can see integration details, people counts and API keys, or add integrations.
      </Banner>
      <Table
        columns={[
          {
            key: 'name',
            header: 'Integration',
            primary: true,
            cell: (i) => (
              <div className="flex min-w-0 flex-col">
                <span className="truncate font-medium text-fg">{i.name}</span>
                <span className="tabular truncate text-xs text-muted">Created {day(i.createdAt)}</span>
              </div>
            ),
          },
          { key: 'service', header: 'Service', cell: (i) => i.service.name },
          {
            key: 'status',
            header: 'Status',
            cell: (i) => (
              <StatusBadge
                status={i.status === 'active' ? 'running' : 'stopped'}
                label={i.status === 'active' ? 'Running' : 'Stopped'}
              />
            ),
          },
        ]}
        rows={account.integrations}
        rowKey={(i) => i.id}
        caption="Integrations"
        empty={<EmptyState icon={Lock} description="No integrations yet. Ask a manager to connect one." />}
      />
    </>
  );
}

/** The Integrations tab of /account: usage, health and the integrations table. */
export function IntegrationsTab() {
  const session = useSession();
  const account = useAccount();
  const role = session.data?.role;
  const mayManage = canManage(role);

  return (
    <section aria-labelledby="integrations-heading" className="flex flex-col gap-4">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h2 id="integrations-heading" className="text-base font-semibold tracking-tight">
            Integrations
          </h2>
          <p className="text-sm text-muted">The sources your team's activity and presence come from.</p>
        </div>
        {mayManage ? (
          <ButtonLink to="/integrations/add" variant="primary" icon={<Plus className="size-4" />}>
            Add integration
          </ButtonLink>
        ) : null}
      </div>
      {mayManage ? <HealthBanner account={account.data} /> : null}
      {mayManage ? <DemoDataCard /> : null}
      {session.isPending ? (
        loadingRows
      ) : mayManage ? (
        <ManagerView />
      ) : account.isPending ? (
        loadingRows
      ) : account.isError ? (
        <Banner tone="danger">Error loading account: {account.error.message}</Banner>
      ) : (
        <MemberView account={account.data} />
      )}
    </section>
  );
}
