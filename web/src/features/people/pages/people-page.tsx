import type { PeopleSort } from '@overlap/contract/people';
import { Inbox, Search, UserCheck, Users } from 'lucide-react';
import { type ReactNode, useState } from 'react';
import { Navigate } from 'react-router';
import { useBillingStatus } from '../../../api/account';
import { useSession } from '../../../api/session';
import { canManage } from '../../../lib/roles';
import { useDebouncedValue } from '../../../lib/use-debounced-value';
import { Button } from '../../../ui/button';
import { EmptyState } from '../../../ui/empty-state';
import { Skeleton } from '../../../ui/skeleton';
import { Tabs } from '../../../ui/tabs';
import { useActivePeopleList, useIgnoredList, useUnassignedList } from '../api/people';
import { BulkActions } from '../components/bulk-actions';
import { PeopleFilters } from '../components/people-filters';
import { PeopleHeader } from '../components/people-header';
import { IgnoredCard, PersonCard, UnassignedCard } from '../components/user-cards';
import { atPeopleLimit } from '../lib/plan-rules';
import { useTabSorts } from '../lib/use-tab-sorts';

function ListState({
  query,
  empty,
  children,
}: {
  query: { isPending: boolean; isError: boolean; error: Error | null; refetch: () => unknown };
  empty: ReactNode | null;
  children: ReactNode;
}) {
  if (query.isPending) {
    return (
      <div className="grid grid-cols-1 gap-3 sm:grid-cols-2 xl:grid-cols-3" aria-busy="true">
        {[0, 1, 2].map((i) => (
          <Skeleton key={i} className="h-28" />
        ))}
      </div>
    );
  }
  if (query.isError) {
    return (
      <div
        role="alert"
        className="flex flex-col items-center gap-3 rounded-lg border border-line bg-surface px-6 py-10 text-center"
      >
        <p className="text-sm text-red-600 dark:text-red-400">
          Error: {query.error?.message || 'Failed to load people'}
        </p>
        <Button size="sm" onClick={() => query.refetch()}>
          Retry
        </Button>
      </div>
    );
  }
  return empty ?? <div className="grid grid-cols-1 gap-3 sm:grid-cols-2 xl:grid-cols-3">{children}</div>;
}

const SEARCH_DELAY_MS = 250;

export default function PeoplePage() {
  const session = useSession().data;
  const mayManage = canManage(session?.role);
  const [search, setSearch] = useState('');
  const { sort, sorts, setSort } = useTabSorts();
  const q = useDebouncedValue(search.trim(), SEARCH_DELAY_MS);
  const filtersOf = (order: PeopleSort) => ({ q: q || undefined, sort: order === 'name' ? undefined : order });
  // The header counts everyone; the lists show what the search and order pick.
  const allActive = useActivePeopleList();
  const allUnassigned = useUnassignedList();
  const active = useActivePeopleList(filtersOf(sorts.active));
  const unassigned = useUnassignedList(filtersOf(sorts.unassigned));
  const ignored = useIgnoredList(filtersOf(sorts.ignored));
  const billing = useBillingStatus();
  const [selected, setSelected] = useState<string[]>([]);

  if (session?.account.status === 'terminated') return <Navigate to="/account?tab=billing" replace />;

  const activePeople = active.data?.people ?? [];
  const unassignedUsers = unassigned.data?.users ?? [];
  const ignoredUsers = ignored.data?.users ?? [];
  const activeCount = allActive.data
    ? allActive.data.pagination.totalCount - allActive.data.demoCount
    : activePeople.filter((p) => !p.isDemo).length;
  const maxPeople = billing.data?.maxPeople;
  const atLimit = atPeopleLimit(activeCount, maxPeople);
  const room = (maxPeople ?? 0) > 0 ? (maxPeople ?? 0) - activeCount : Number.POSITIVE_INFINITY;
  const waiting = allUnassigned.data?.pagination.totalCount ?? 0;
  const shownIds = new Set(unassignedUsers.map((u) => u.id));
  const chosen = selected.filter((id) => shownIds.has(id));
  const onSelect = (id: string, on: boolean) =>
    setSelected((current) => (on ? [...current.filter((x) => x !== id), id] : current.filter((x) => x !== id)));
  const noMatch = <EmptyState icon={Search} title="No people found" description={`Nobody matches “${q}”.`} />;

  return (
    <div className="mx-auto flex max-w-screen-xl flex-col gap-6 px-4 py-6 sm:px-6">
      <PeopleHeader active={activeCount} maxPeople={maxPeople} plan={billing.data?.currentPlan} unassigned={waiting} />
      <PeopleFilters search={search} onSearch={setSearch} sort={sort} onSort={setSort} />
      <Tabs
        aria-label="People lists"
        defaultValue="active"
        items={[
          {
            value: 'active',
            label: 'Active',
            count: activePeople.length,
            content: (
              <ListState
                query={active}
                empty={
                  activePeople.length === 0 && q ? (
                    noMatch
                  ) : activePeople.length === 0 ? (
                    <EmptyState
                      icon={Users}
                      title="No active people yet"
                      description="Activate someone from the Unassigned tab to see them on the timeline."
                    />
                  ) : null
                }
              >
                {activePeople.map((p) => (
                  <PersonCard key={p.id} person={p} />
                ))}
              </ListState>
            ),
          },
          {
            value: 'unassigned',
            label: 'Unassigned',
            count: unassignedUsers.length,
            content: (
              <div className="flex flex-col gap-4">
                {mayManage && waiting > 0 ? (
                  <BulkActions total={waiting} selected={chosen} room={room} onDone={() => setSelected([])} />
                ) : null}
                {mayManage && atLimit && unassignedUsers.length > 0 ? (
                  <p className="rounded-lg border border-amber-200 bg-amber-50 px-4 py-2.5 text-sm text-amber-900 dark:border-amber-500/25 dark:bg-amber-500/10 dark:text-amber-100">
                    Your plan allows {maxPeople} active people. Merge, ignore or upgrade to activate more.
                  </p>
                ) : null}
                <ListState
                  query={unassigned}
                  empty={
                    unassignedUsers.length === 0 && q ? (
                      noMatch
                    ) : unassignedUsers.length === 0 ? (
                      <EmptyState
                        icon={UserCheck}
                        title="Everyone is assigned"
                        description="New identities reported by your integrations appear here."
                      />
                    ) : null
                  }
                >
                  {unassignedUsers.map((u) => (
                    <UnassignedCard
                      key={u.id}
                      user={u}
                      people={allActive.data?.people ?? activePeople}
                      canManage={mayManage}
                      atLimit={atLimit}
                      selected={chosen.includes(u.id)}
                      onSelect={onSelect}
                    />
                  ))}
                </ListState>
              </div>
            ),
          },
          {
            value: 'ignored',
            label: 'Ignored',
            count: ignoredUsers.length,
            content: (
              <ListState
                query={ignored}
                empty={
                  ignoredUsers.length === 0 && q ? (
                    noMatch
                  ) : ignoredUsers.length === 0 ? (
                    <EmptyState
                      icon={Inbox}
                      title="Nobody is ignored"
                      description="People you ignore are listed here and can be moved back."
                    />
                  ) : null
                }
              >
                {ignoredUsers.map((u) => (
                  <IgnoredCard key={u.id} user={u} canManage={mayManage} />
                ))}
              </ListState>
            ),
          },
        ]}
      />
    </div>
  );
}
