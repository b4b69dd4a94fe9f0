import { useMemo } from 'react';
import { useParams, useSearchParams } from 'react-router';
import { useSession } from '../../../api/session';
import { canManage } from '../../../lib/roles';
import { StatCard } from '../../../ui/card';
import { ExportButton, lastDays } from '../../export';
import { calendarErrorMessage, useYear } from '../api/calendars';
import { CalendarError, CalendarLoading } from '../components/calendar-states';
import { CalendarToolbar } from '../components/calendar-toolbar';
import { YearHeatmap } from '../components/year-heatmap';

const parseYear = (text: string | null): number | null => {
  if (!text || !/^\d{4}$/.test(text)) return null;
  const n = Number(text);
  return n >= 2000 && n <= 2100 ? n : null;
};

export default function YearPage() {
  const { id = '' } = useParams();
  const [params, setParams] = useSearchParams();
  const year = parseYear(params.get('year')) ?? new Date().getFullYear();
  const manager = canManage(useSession().data?.role);
  const query = useYear(id, year);
  const data = query.data;

  const totals = useMemo(() => {
    const days = data?.dailySummaries ?? [];
    let minutes = 0;
    let blocks = 0;
    let events = 0;
    let active = 0;
    for (const d of days) {
      minutes += d.totalMinutes;
      blocks += d.totalBlocks;
      events += d.totalEvents;
      if (d.totalMinutes > 0 || d.totalBlocks > 0) active++;
    }
    return { active, blocks, events, hours: minutes / 60 };
  }, [data]);

  const today = lastDays().to;
  const yearEnd = `${year}-12-31`;
  const exportRange = { from: `${year}-01-01`, to: today.startsWith(String(year)) ? today : yearEnd };

  const go = (next: number) =>
    setParams((current) => {
      const p = new URLSearchParams(current);
      p.set('year', String(next));
      return p;
    });

  return (
    <div className="mx-auto flex max-w-screen-xl flex-col gap-4 px-3 py-4 sm:px-6">
      <CalendarToolbar
        backTo={{ to: `/people/${id}/week`, label: 'Back to the weekly calendar' }}
        title={`Activity in ${year}`}
        subtitle={data?.personName ?? undefined}
        switchTo={{ to: `/people/${id}/week`, label: 'Week' }}
        settingsTo={manager ? `/people/${id}` : null}
        prev={{ label: 'Previous year', onClick: () => go(year - 1) }}
        next={{ label: 'Next year', onClick: () => go(year + 1) }}
        actions={<ExportButton range={exportRange} people={[id]} who={data?.personName ?? 'this person'} />}
      />
      {query.isPending ? (
        <CalendarLoading text="Loading yearly calendar..." />
      ) : query.isError && !data ? (
        <CalendarError
          message={calendarErrorMessage(query.error, 'Failed to fetch yearly data')}
          onRetry={() => query.refetch()}
          retrying={query.isFetching}
        />
      ) : !data ? (
        <p className="rounded-lg border border-line bg-surface px-6 py-16 text-center text-sm text-muted">
          No data available
        </p>
      ) : (
        <>
          <div className="grid grid-cols-2 gap-3 md:grid-cols-4">
            <StatCard label="Active days" value={totals.active} />
            <StatCard label="Activity blocks" value={totals.blocks.toLocaleString('en-US')} />
            <StatCard label="Events" value={totals.events.toLocaleString('en-US')} />
            <StatCard label="Hours" value={totals.hours.toLocaleString('en-US', { maximumFractionDigits: 1 })} />
          </div>
          <YearHeatmap year={year} days={data.dailySummaries} personId={id} today={today} />
        </>
      )}
    </div>
  );
}
