import type { ActivityBlock } from '@overlap/contract/activity';
import { useMemo, useState } from 'react';
import { useParams, useSearchParams } from 'react-router';
import { useSession } from '../../../api/session';
import { personColor } from '../../../lib/person-colors';
import { canManage } from '../../../lib/roles';
import { BlockDialog, isDateKey, shiftDateKey, todayKey, viewerTimeZone } from '../../dashboard';
import { calendarErrorMessage, useWeek } from '../api/calendars';
import { CalendarError, CalendarLoading } from '../components/calendar-states';
import { CalendarToolbar } from '../components/calendar-toolbar';
import { WeekGrid } from '../components/week-grid';
import { weekRangeLabel } from '../lib/calendar-dates';

export default function WeekPage() {
  const { id = '' } = useParams();
  const [params, setParams] = useSearchParams();
  const requested = params.get('date');
  const date = requested && isDateKey(requested) ? requested : null;
  const viewerTz = useMemo(viewerTimeZone, []);
  const manager = canManage(useSession().data?.role);
  const week = useWeek(id, date);
  const [selected, setSelected] = useState<ActivityBlock | null>(null);

  const anchor = date ?? week.data?.weekStart ?? todayKey(viewerTz);
  const move = (days: number) =>
    setParams((current) => {
      const next = new URLSearchParams(current);
      next.set('date', shiftDateKey(anchor, days));
      return next;
    });

  const data = week.data;
  const name = data?.personName ?? 'Person';
  const year = (data?.weekStart ?? anchor).slice(0, 4);

  return (
    <div className="mx-auto flex max-w-screen-2xl flex-col gap-4 px-3 py-4 sm:px-6">
      <CalendarToolbar
        backTo={{ to: '/', label: 'Back to the team timeline' }}
        title={data ? name : 'Weekly calendar'}
        subtitle={data ? `${weekRangeLabel(data.weekStart, data.weekEnd)} · ${data.personTimezone}` : undefined}
        switchTo={{ to: `/people/${id}/year?year=${year}`, label: 'Year' }}
        settingsTo={manager ? `/people/${id}` : null}
        prev={{ label: 'Previous week', onClick: () => move(-7) }}
        next={{ label: 'Next week', onClick: () => move(7) }}
      />
      {week.isPending ? (
        <CalendarLoading text="Loading weekly calendar..." />
      ) : week.isError && !data ? (
        <CalendarError
          message={calendarErrorMessage(week.error, 'Failed to fetch weekly data')}
          onRetry={() => week.refetch()}
          retrying={week.isFetching}
        />
      ) : !data || data.dailyActivities.length === 0 ? (
        <p className="rounded-lg border border-line bg-surface px-6 py-16 text-center text-sm text-muted">
          No data available
        </p>
      ) : (
        <WeekGrid
          week={data}
          color={personColor({ id: data.personId, color: data.personColor })}
          viewerTimeZone={viewerTz}
          onSelectBlock={setSelected}
        />
      )}
      {selected ? (
        <BlockDialog block={selected} who={name} canEdit={manager} onClose={() => setSelected(null)} />
      ) : null}
    </div>
  );
}
