import type { IntegrationEvents } from '@overlap/contract/integrations';
import { UserRoundPlus } from 'lucide-react';
import { useState } from 'react';
import { Badge } from '../../../ui/badge';
import { Button } from '../../../ui/button';
import { COLLABORATORS_SHOWN, externalCollaborators, plural } from '../lib/format';

/** People outside the organisation that documents were shared with: 8 shown, then '+N more'. */
export function ExternalCollaborators({ events }: { events: IntegrationEvents['events'] }) {
  const [all, setAll] = useState(false);
  const people = externalCollaborators(events);
  if (people.length === 0) return null;
  const shown = all ? people : people.slice(0, COLLABORATORS_SHOWN);
  const more = people.length - shown.length;
  return (
    <section aria-labelledby="external-heading" className="flex flex-col gap-3">
      <h2 id="external-heading" className="text-sm font-semibold">
        External collaborators
        <span className="tabular ml-2 font-normal text-muted">{people.length}</span>
      </h2>
      <ul className="flex flex-wrap gap-2">
        {shown.map((p) => (
          <li
            key={p.key}
            className="flex items-center gap-2 rounded-md border border-line bg-surface px-2.5 py-1.5 text-sm"
          >
            <UserRoundPlus className="size-4 text-muted" aria-hidden="true" />
            <span className="text-fg">{p.label}</span>
            {p.roles.map((role) => (
              <Badge key={role}>{role}</Badge>
            ))}
            <span className="tabular text-xs text-muted">{plural(p.documents, 'document', 'documents')}</span>
          </li>
        ))}
        {more > 0 ? (
          <li>
            <Button size="sm" variant="ghost" onClick={() => setAll(true)}>
              +{more} more
            </Button>
          </li>
        ) : null}
      </ul>
    </section>
  );
}
