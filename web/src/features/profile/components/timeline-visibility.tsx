import { useQuery } from '@tanstack/react-query';
import { EyeOff } from 'lucide-react';
import { activePeopleQuery } from '../../../api/team-status';
import { Avatar } from '../../../ui/avatar';
import { Button } from '../../../ui/button';
import { Card, CardContent, CardHeader } from '../../../ui/card';
import { EmptyState } from '../../../ui/empty-state';
import { useHiddenPeople } from '../../dashboard';

/** People hidden from the timeline on this browser, each with Unhide. */
export function TimelineVisibility() {
  const { hidden, unhide } = useHiddenPeople();
  const people = useQuery({ ...activePeopleQuery, enabled: hidden.length > 0 });
  const byId = new Map((people.data?.people ?? []).map((p) => [p.id, p]));

  return (
    <Card>
      <CardHeader
        title="Timeline visibility"
        description="People you hid from the timeline on this browser."
        actions={
          hidden.length > 1 ? (
            <Button size="sm" variant="ghost" onClick={() => hidden.forEach(unhide)}>
              Show all
            </Button>
          ) : undefined
        }
      />
      {hidden.length === 0 ? (
        <CardContent>
          <EmptyState icon={EyeOff} description="You haven't hidden anyone from the timeline." />
        </CardContent>
      ) : (
        <ul className="divide-y divide-line" aria-label="Hidden people">
          {hidden.map((id) => {
            const p = byId.get(id);
            const name = p ? p.name || p.email || 'Unnamed person' : people.isPending ? 'Loading…' : 'No longer active';
            return (
              <li key={id} className="flex items-center gap-3 px-5 py-3">
                <Avatar id={id} name={p?.name} email={p?.email} color={p?.color} size="sm" />
                <span className="min-w-0 flex-1 truncate text-sm font-medium">{name}</span>
                <Button size="sm" onClick={() => unhide(id)} aria-label={`Unhide ${name}`}>
                  Unhide
                </Button>
              </li>
            );
          })}
        </ul>
      )}
    </Card>
  );
}
