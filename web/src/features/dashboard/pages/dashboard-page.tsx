import type { ActivityBlock, DashboardPerson } from '@overlap/contract/activity';
import { useQueryClient } from '@tanstack/react-query';
import { RefreshCw } from 'lucide-react';
import { lazy, type ReactNode, Suspense, useCallback, useEffect, useMemo, useState } from 'react';
import { useNavigate } from 'react-router';
import { useAccount, useBillingStatus } from '../../../api/account';
import { isApiError } from '../../../api/client';
import { sessionKeys, useSession } from '../../../api/session';
import { useActivePeople, useUnassignedCount } from '../../../api/team-status';
import { formatDateKey, viewerTimeZone } from '../../../lib/format-time';
import { canManage } from '../../../lib/roles';
import { Banner } from '../../../ui/banner';
import { Button } from '../../../ui/button';
import { HeaderSlot } from '../../../ui/header-slot';
import { useActivities } from '../api/activities';
import { useLiveUpdates } from '../api/live-updates';
import { DashboardBanners } from '../components/dashboard-banners';
import { DatePicker } from '../components/date-picker';
import { DemoBanner } from '../components/demo-banner';
import { AllHiddenEmptyState, NewActivityEmptyState, WelcomeEmptyState } from '../components/empty-states';
import { ExportSlot } from '../components/export-slot';
import { BlockDialog } from '../components/lazy-block-dialog';
import { OverlapOverview } from '../components/overlap-overview';
import { displayName } from '../components/person-header';
import { Timeline, TimelineSkeleton } from '../components/timeline';
import { TimelineToolbar } from '../components/timeline-toolbar';
import { useHiddenPeople } from '../hidden-people';
import { useClock } from '../lib/clock';
import { type ColumnOrder, orderColumns, readColumnOrder, writeColumnOrder } from '../lib/column-order';
import { isTimelineEmpty } from '../lib/empty-state';
import { useDayShortcuts } from '../lib/use-day-shortcuts';
import { useViewDate } from '../lib/use-view-date';
import { shiftDateKey, startOfDateIn, todayKey } from '../lib/view-date';

const DEFAULT_ERROR = 'Failed to load data';
const NOBODY: DashboardPerson[] = [];
const NOBODY_IDS: string[] = [];
const ShortcutsDialog = lazy(() => import('../components/shortcuts-dialog'));

export default function DashboardPage() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const role = useSession().data?.role;
  const manager = canManage(role);
  const timeZone = useMemo(viewerTimeZone, []);
  const [hashDate, setDate] = useViewDate();
  const today = useClock((now) => todayKey(timeZone, new Date(now)));
  const date = hashDate ?? today;
  const { hidden, hide } = useHiddenPeople();

  const activePeople = useActivePeople();
  const unassignedCount = useUnassignedCount();
  const account = useAccount(manager);
  const billing = useBillingStatus(manager);

  // Ask only for visible people when the full active list is known; otherwise filter here.
  const visiblePeople = useMemo(() => {
    if (hidden.length === 0 || !activePeople.data) return null;
    const { people, pagination } = activePeople.data;
    if (pagination.totalCount > people.length) return null;
    return people.map((p) => p.id).filter((id) => !hidden.includes(id));
  }, [hidden, activePeople.data]);
  const everyoneHidden = visiblePeople !== null && visiblePeople.length === 0;
  const waitingForVisible = hidden.length > 0 && activePeople.isPending;

  const activities = useActivities({ date, tz: timeZone, visiblePeople }, !everyoneHidden && !waitingForVisible);
  useLiveUpdates();

  const error = activities.error;
  useEffect(() => {
    if (isApiError(error, 401)) {
      queryClient.setQueryData(sessionKeys.status, null);
      navigate('/login', { replace: true });
    }
  }, [error, navigate, queryClient]);

  const [order, setOrder] = useState<ColumnOrder>(readColumnOrder);
  const changeOrder = (next: ColumnOrder) => {
    writeColumnOrder(next);
    setOrder(next);
  };
  const people = useMemo(
    () =>
      orderColumns(
        (activities.data?.people ?? []).filter((p) => !hidden.includes(p.id)),
        order,
        new Date(),
      ),
    [activities.data, hidden, order],
  );
  const [shortcutsOpen, setShortcutsOpen] = useState(false);
  const shortcuts = useMemo(
    () => ({
      prev: () => setDate(shiftDateKey(date, -1)),
      next: () => {
        const next = shiftDateKey(date, 1);
        setDate(next === today ? null : next);
      },
      today: () => setDate(null),
      help: () => setShortcutsOpen(true),
    }),
    [date, today, setDate],
  );
  useDayShortcuts(shortcuts);
  const day = useMemo(() => {
    const start = startOfDateIn(date, timeZone);
    const end = startOfDateIn(shiftDateKey(date, 1), timeZone);
    return { start, end, timeZone };
  }, [date, timeZone]);

  const [selected, setSelected] = useState<{ block: ActivityBlock; who: string } | null>(null);
  const onSelectBlock = useCallback(
    (block: ActivityBlock, person: DashboardPerson) => setSelected({ block, who: displayName(person) }),
    [],
  );

  const [refreshing, setRefreshing] = useState(false);
  const refresh = async () => {
    setRefreshing(true);
    try {
      await Promise.all([
        activities.refetch(),
        activePeople.refetch(),
        unassignedCount.refetch(),
        manager ? account.refetch() : null,
      ]);
    } finally {
      setRefreshing(false);
    }
  };

  const unassigned = unassignedCount.data ?? 0;
  const message = error?.message || DEFAULT_ERROR;

  const toolbar = <TimelineToolbar order={order} onOrder={changeOrder} onShortcuts={() => setShortcutsOpen(true)} />;
  let body: ReactNode;
  if (everyoneHidden) {
    body = <AllHiddenEmptyState count={hidden.length} />;
  } else if (!activities.data) {
    body = error ? (
      <div
        role="alert"
        className="flex flex-col items-center gap-3 rounded-lg border border-line bg-surface px-6 py-12 text-center"
      >
        <p className="text-sm font-medium text-red-600 dark:text-red-400">Error: {message}</p>
        <Button onClick={() => activities.refetch()} loading={activities.isFetching}>
          Retry
        </Button>
      </div>
    ) : (
      <DayView loading date={date} today={today} timeZone={timeZone} toolbar={toolbar} />
    );
  } else if (isTimelineEmpty(people, hashDate !== null, Date.now())) {
    body = unassigned > 0 ? <NewActivityEmptyState unassigned={unassigned} /> : <WelcomeEmptyState />;
  } else {
    body = (
      <DayView loading={false} people={people} date={date} today={today} timeZone={timeZone} toolbar={toolbar}>
        <Timeline people={people} day={day} onHide={hide} onSelectBlock={onSelectBlock} belowOverview />
      </DayView>
    );
  }

  return (
    <div className="mx-auto flex max-w-screen-2xl flex-col gap-3 px-3 py-4 sm:px-6">
      <HeaderSlot>
        <DatePicker date={date} today={today} onChange={setDate} />
      </HeaderSlot>
      {manager ? (
        <DashboardBanners
          unassigned={unassigned}
          assigned={activePeople.data ? activePeople.data.pagination.totalCount - activePeople.data.demoCount : 0}
          maxPeople={billing.data?.maxPeople ?? account.data?.billing.maxPeople}
          health={account.data?.integrationHealth}
        />
      ) : null}
      {/* Counted in the active people (asked for as the app starts, like the manager banners' data),
          not in the day: the banner then comes with the page's first frame instead of pushing it down. */}
      <DemoBanner count={activePeople.data?.demoCount ?? 0} manager={manager} />
      {error && activities.data && !isApiError(error, 401) ? (
        <Banner tone="warning">Warning: {message} (showing cached data)</Banner>
      ) : null}
      {/* Top-aligned on phones: the count joining the date may wrap it without moving the buttons. */}
      <div className="flex items-start justify-between gap-3 sm:items-center">
        <div className="min-w-0">
          <h1 className="truncate text-lg font-semibold tracking-tight">Team activity</h1>
          {/* Two lines kept on phones: the count joining the date when the day arrives may wrap it. */}
          <p className="tabular min-h-[2lh] text-[13px] text-muted sm:min-h-0">
            {formatDateKey(date, { long: true })}
            {activities.data ? ` · ${people.length} ${people.length === 1 ? 'person' : 'people'}` : ''}
            {hidden.length > 0 ? ` · ${hidden.length} hidden` : ''}
          </p>
        </div>
        <div className="flex shrink-0 items-center gap-2">
          <ExportSlot
            date={date}
            people={hidden.length > 0 ? people.map((p) => p.id) : NOBODY_IDS}
            who={hidden.length > 0 ? 'the people shown on the dashboard' : 'the whole team'}
          />
          <Button
            size="sm"
            icon={<RefreshCw className={refreshing ? 'animate-spin' : undefined} />}
            onClick={refresh}
            disabled={refreshing}
            aria-busy={refreshing || undefined}
          >
            {refreshing ? 'Refreshing...' : 'Refresh'}
          </Button>
        </div>
      </div>
      {body}
      {shortcutsOpen ? (
        <Suspense fallback={null}>
          <ShortcutsDialog open onOpenChange={setShortcutsOpen} />
        </Suspense>
      ) : null}
      {selected ? (
        <BlockDialog block={selected.block} who={selected.who} canEdit={manager} onClose={() => setSelected(null)} />
      ) : null}
    </div>
  );
}

interface DayViewProps {
  loading: boolean;
  people?: readonly DashboardPerson[];
  date: string;
  today: string;
  timeZone: string;
  toolbar: ReactNode;
  children?: ReactNode;
}

/**
 * The overlap card, the toolbar and the timeline, the same elements while the day loads (card
 * waiting, skeleton columns) and once it is there: what was drawn first stays and fills in.
 */
function DayView({ loading, people = NOBODY, date, today, timeZone, toolbar, children }: DayViewProps) {
  return (
    <>
      {loading ? (
        <p role="status" className="sr-only">
          Loading team data...
        </p>
      ) : null}
      <OverlapOverview people={people} date={date} today={today} timeZone={timeZone} waiting={loading} />
      {toolbar}
      {loading ? <TimelineSkeleton /> : children}
    </>
  );
}
