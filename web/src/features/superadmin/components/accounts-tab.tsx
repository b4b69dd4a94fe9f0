import type { AccountStatus } from '@overlap/contract/auth';
import { type BillingFilter, billingFilters } from '@overlap/contract/superadmin';
import { Building2 } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import { useDebouncedValue } from '../../../lib/use-debounced-value';
import { EmptyState } from '../../../ui/empty-state';
import { Pagination } from '../../../ui/pagination';
import { RetryBanner } from '../../../ui/retry-banner';
import { Skeleton } from '../../../ui/skeleton';
import { useAccounts } from '../api/accounts';
import { ACCOUNT_GRID, AccountRow } from './account-row';
import { AccountTiles } from './account-tiles';
import { AccountsToolbar } from './accounts-toolbar';

const SEARCH_DELAY_MS = 300;

const asFilter = (value: string | null): BillingFilter | null =>
  value && (billingFilters as readonly string[]).includes(value) ? (value as BillingFilter) : null;

/** The accounts tab: tiles that filter, search, status, and the rows, 20 a page. */
export function AccountsTab() {
  const [searchParams, setSearchParams] = useSearchParams();
  const billingFilter = asFilter(searchParams.get('billingFilter'));
  const [search, setSearch] = useState('');
  const [status, setStatus] = useState<AccountStatus | null>(null);
  const [page, setPage] = useState(1);
  const settledSearch = useDebouncedValue(search, SEARCH_DELAY_MS);
  const accounts = useAccounts({ page, status, billingFilter, search: settledSearch });
  const now = new Date();

  useEffect(() => {
    if (accounts.isError) console.error('Failed to load accounts', accounts.error);
  }, [accounts.isError, accounts.error]);

  const setFilter = (filter: BillingFilter | null) => {
    setPage(1);
    setSearchParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (filter) next.set('billingFilter', filter);
        else next.delete('billingFilter');
        return next;
      },
      { replace: true, preventScrollReset: true },
    );
  };

  const data = accounts.data;
  return (
    <div className="flex flex-col gap-5">
      <AccountTiles counts={data?.summary} active={billingFilter} onChange={setFilter} />
      <AccountsToolbar
        search={search}
        onSearch={(text) => {
          setSearch(text);
          setPage(1);
        }}
        status={status}
        onStatus={(next) => {
          setStatus(next);
          setPage(1);
        }}
        billingFilter={billingFilter}
        onClearFilter={() => setFilter(null)}
        refreshing={accounts.isFetching}
        onRefresh={() => void accounts.refetch()}
      />
      {accounts.isError && !data ? (
        <RetryBanner onRetry={() => void accounts.refetch()}>The accounts could not be loaded.</RetryBanner>
      ) : !data ? (
        <div className="flex flex-col gap-2" aria-busy="true">
          {Array.from({ length: 5 }, (_, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: static placeholders
            <Skeleton key={i} className="h-16 w-full" />
          ))}
        </div>
      ) : data.accounts.length === 0 ? (
        <EmptyState icon={Building2} title="No accounts found" description="No accounts match your current filters." />
      ) : (
        <div className="flex flex-col gap-3">
          <div className="lg:overflow-hidden lg:rounded-lg lg:border lg:border-line lg:bg-surface">
            <div
              aria-hidden="true"
              className={`hidden border-b border-line bg-subtle px-4 py-2 text-xs font-medium text-muted ${ACCOUNT_GRID}`}
            >
              <span>Account</span>
              <span>Admin</span>
              <span>Users</span>
              <span>People</span>
              <span>Integrations</span>
              <span>Signed up</span>
              <span>Selected</span>
            </div>
            <ul aria-label="Accounts" className="flex flex-col gap-2 lg:gap-0 lg:[&>li:last-child]:border-b-0">
              {data.accounts.map((account) => (
                <AccountRow key={account.id} account={account} now={now} />
              ))}
            </ul>
          </div>
          <Pagination
            page={data.pagination.page}
            totalPages={data.pagination.totalPages}
            totalCount={data.pagination.total}
            pageSize={data.pagination.limit}
            onPageChange={setPage}
          />
        </div>
      )}
    </div>
  );
}
