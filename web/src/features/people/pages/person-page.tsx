import { CalendarDays, CalendarRange, EyeOff, Pencil, Plug } from 'lucide-react';
import { Link, useNavigate, useParams } from 'react-router';
import { isApiError } from '../../../api/client';
import { useSession } from '../../../api/session';
import { formatDateTime, formatDuration } from '../../../lib/format-time';
import { personColor } from '../../../lib/person-colors';
import { formatRelativeTime } from '../../../lib/relative-time';
import { canManage } from '../../../lib/roles';
import { useTimePreferences } from '../../../lib/use-time-preferences';
import { Avatar } from '../../../ui/avatar';
import { StatusBadge } from '../../../ui/badge';
import { Button, ButtonLink } from '../../../ui/button';
import { Card, CardContent, CardHeader, StatCard } from '../../../ui/card';
import { ConfirmDialog } from '../../../ui/confirm-dialog';
import { Skeleton } from '../../../ui/skeleton';
import { toast } from '../../../ui/toaster';
import { useClock, viewerTimeZone } from '../../dashboard';
import { AvailabilityCard } from '../../overlap';
import { usePatchPerson, usePerson } from '../api/people';
import { ColorPicker } from '../components/color-picker';

const hours = (minutes: number) => (minutes / 60).toLocaleString('en-US', { maximumFractionDigits: 1 });
const date = (iso: string | null) => (iso ? formatDateTime(iso) : 'Never');

export default function PersonPage() {
  // Every time on the page follows a new 12/24-hour or timezone setting at once.
  useTimePreferences();
  const { id = '' } = useParams();
  const navigate = useNavigate();
  const role = useSession().data?.role;
  const mayManage = canManage(role);
  const person = usePerson(id);
  const nowMs = useClock((ms) => Math.floor(ms / 60_000) * 60_000);
  const patch = usePatchPerson();

  if (person.isPending) {
    return (
      <div className="mx-auto flex max-w-screen-lg flex-col gap-4 px-4 py-6 sm:px-6" aria-busy="true">
        <Skeleton className="h-12 w-64" />
        <div className="grid grid-cols-2 gap-3 md:grid-cols-4">
          {[0, 1, 2, 3].map((i) => (
            <Skeleton key={i} className="h-20" />
          ))}
        </div>
        <Skeleton className="h-48" />
      </div>
    );
  }
  if (person.isError) {
    return (
      <div role="alert" className="mx-auto flex max-w-screen-lg flex-col items-center gap-3 px-4 py-16 text-center">
        <p className="text-sm font-medium text-red-600 dark:text-red-400">
          {isApiError(person.error, 404) ? 'Person not found' : 'Failed to load person details'}
        </p>
        <div className="flex gap-2">
          <ButtonLink to="/people">Back to people</ButtonLink>
          {isApiError(person.error, 404) ? null : <Button onClick={() => person.refetch()}>Retry</Button>}
        </div>
      </div>
    );
  }

  const p = person.data;
  const name = p.name || p.email || 'Unnamed person';
  const color = personColor(p);
  const s = p.stats;

  const setColor = (next: string) =>
    patch.mutate(
      { id, color: next },
      {
        onSuccess: () => toast.success('Colour updated'),
        onError: (err) => toast.error('Failed to update the colour', { description: err.message }),
      },
    );

  return (
    <div className="mx-auto flex max-w-screen-lg flex-col gap-6 px-4 py-6 sm:px-6">
      <div className="flex flex-col gap-4 sm:flex-row sm:items-center sm:justify-between">
        <div className="flex min-w-0 items-center gap-3">
          <Avatar id={p.id} name={p.name} email={p.email} color={p.color} size="lg" online={p.isOnline} />
          <div className="min-w-0">
            <div className="flex items-center gap-2">
              <h1 className="text-2xl font-semibold tracking-tight break-words">{name}</h1>
              <StatusBadge status={p.status} />
            </div>
            <p className="truncate text-sm text-muted">
              {p.isOnline ? 'Online now' : `Last seen ${p.lastSeenAt ? formatRelativeTime(p.lastSeenAt) : 'never'}`} ·{' '}
              {p.timezone}
            </p>
          </div>
        </div>
        <div className="flex flex-wrap gap-2">
          <ButtonLink to={`/people/${id}/week`} size="sm" icon={<CalendarDays className="size-3.5" />}>
            Week
          </ButtonLink>
          <ButtonLink to={`/people/${id}/year`} size="sm" icon={<CalendarRange className="size-3.5" />}>
            Year
          </ButtonLink>
          {mayManage ? (
            <ButtonLink to={`/people/${id}/edit`} size="sm" icon={<Pencil className="size-3.5" />}>
              Edit
            </ButtonLink>
          ) : null}
        </div>
      </div>

      {p._count.activityBlocks + p._count.activityEvents === 0 ? (
        <p className="rounded-lg border border-dashed border-line-strong px-6 py-8 text-center text-sm text-muted">
          No data yet
        </p>
      ) : null}
      <div className="grid grid-cols-2 gap-3 md:grid-cols-4">
        <StatCard label="Hours online" value={hours(s.totalMinutes)} hint={`Last ${s.periodDays} days`} />
        <StatCard
          label="Active days"
          value={s.activeDays}
          hint={`Avg ${formatDuration(s.averageMinutesPerActiveDay)} per day`}
        />
        <StatCard
          label="Activity blocks"
          value={s.totalBlocks.toLocaleString('en-US')}
          hint={`All time ${p._count.activityBlocks}`}
        />
        <StatCard
          label="Events"
          value={s.totalEvents.toLocaleString('en-US')}
          hint={`All time ${p._count.activityEvents}`}
        />
      </div>

      <div className="grid gap-6 lg:grid-cols-[1fr_20rem]">
        <div className="flex flex-col gap-6">
          <AvailabilityCard personId={p.id} viewerTimeZone={viewerTimeZone()} nowMs={nowMs} />
          <Card>
            <CardHeader title="Connected integrations" description="Where this person's activity comes from." />
            {p.personIntegrations.length === 0 ? (
              <CardContent className="text-sm text-muted">No integrations linked yet.</CardContent>
            ) : (
              <ul className="divide-y divide-line">
                {p.personIntegrations.map((pi) => (
                  <li key={pi.id}>
                    <Link
                      to={`/people-integrations/${pi.id}`}
                      className="flex items-center gap-3 px-5 py-3 transition-colors hover:bg-subtle/60"
                    >
                      <span
                        className="flex size-8 items-center justify-center rounded-md bg-subtle"
                        style={{ color: pi.integration.color ?? undefined }}
                      >
                        <Plug className="size-4" aria-hidden="true" />
                      </span>
                      <span className="min-w-0 flex-1">
                        <span className="block truncate text-sm font-medium">{pi.integration.name}</span>
                        <span className="block truncate text-xs text-muted">
                          {pi.integration.serviceName} · {pi.externalId}
                        </span>
                      </span>
                      <span className="tabular text-right text-xs text-muted">
                        {pi._count.activityBlocks} blocks · {pi._count.activityEvents} events
                        <br />
                        {pi.lastSeenAt ? formatRelativeTime(pi.lastSeenAt) : 'never seen'}
                      </span>
                    </Link>
                  </li>
                ))}
              </ul>
            )}
          </Card>
          <Card>
            <CardHeader title="Additional details" />
            <CardContent>
              <dl className="grid grid-cols-1 gap-x-6 gap-y-3 text-sm sm:grid-cols-[10rem_1fr]">
                <dt className="text-muted">Email</dt>
                <dd>{p.email ?? '—'}</dd>
                <dt className="text-muted">Identifier</dt>
                <dd className="break-all">{p.personIdentifier ?? '—'}</dd>
                <dt className="text-muted">Timezone</dt>
                <dd>
                  {p.timezone}
                  <span className="text-muted">
                    {p.timezoneSettings.manual
                      ? ' (set manually)'
                      : p.timezoneSettings.automatic
                        ? ' (reported by an integration)'
                        : ' (default)'}
                  </span>
                </dd>
                <dt className="text-muted">First activity</dt>
                <dd className="tabular">{date(s.firstActivityAt)}</dd>
                <dt className="text-muted">Last activity</dt>
                <dd className="tabular">{date(s.lastActivityAt)}</dd>
                <dt className="text-muted">Created</dt>
                <dd className="tabular">{date(p.createdAt)}</dd>
              </dl>
            </CardContent>
          </Card>
        </div>
        <div className="flex flex-col gap-6">
          <Card>
            <CardHeader title="Colour" description="Used for this person's blocks and avatar." />
            <CardContent>
              {mayManage ? (
                <ColorPicker value={color} onChange={setColor} pending={patch.isPending} />
              ) : (
                <span className="inline-flex items-center gap-2 text-sm">
                  <span className="size-5 rounded" style={{ backgroundColor: color }} /> {color}
                </span>
              )}
            </CardContent>
          </Card>
          {mayManage && p.status !== 'ignored' ? (
            <Card className="border-red-200 dark:border-red-500/30">
              <CardHeader title="Ignore this person" description="Frees a place in your plan." />
              <CardContent>
                <ConfirmDialog
                  trigger={
                    <Button variant="danger" size="sm" icon={<EyeOff />}>
                      Ignore person
                    </Button>
                  }
                  title={`Ignore ${name}?`}
                  description="Ignoring frees their place in your plan and permanently deletes all of their activity data (blocks, events and history). This cannot be undone."
                  confirmLabel="Ignore and delete data"
                  tone="danger"
                  onConfirm={() =>
                    patch.mutateAsync({ id, status: 'ignored' }).then(
                      () => {
                        toast.success(`${name} is ignored`);
                        navigate('/people?tab=ignored');
                      },
                      (err: Error) => toast.error(`Failed to ignore ${name}`, { description: err.message }),
                    )
                  }
                />
              </CardContent>
            </Card>
          ) : null}
        </div>
      </div>
    </div>
  );
}
