import type { ProviderEvent } from '../types.ts';
import type { Collaborator } from './people.ts';

/** UTC day of an instant, YYYY-MM-DD. */
export const utcDay = (at: Date) => at.toISOString().slice(0, 10);

/**
 * The daily `google_drive_summary` of one UTC day from its events: how many documents had external
 * activity and how many different external collaborators they had. Attributed to `person` (the
 * account that authorized the integration, else whoever shared most that day). Null when the day
 * had no external collaboration.
 */
export function dailyDriveSummary(day: string, events: ProviderEvent[], person: string | null): ProviderEvent | null {
  const shared = events.filter((e) => e.kind === 'google_drive_external_collaboration');
  if (shared.length === 0) return null;
  const documents = new Set(shared.map((e) => e.url ?? String(e.metadata?.fileName)));
  const collaborators = new Set<string>();
  const bySharer = new Map<string, number>();
  for (const e of shared) {
    bySharer.set(e.personIdentifier, (bySharer.get(e.personIdentifier) ?? 0) + 1);
    const list = (e.metadata?.externalCollaborators ?? []) as Collaborator[];
    for (const c of list) collaborators.add((c.emailAddress ?? c.displayName ?? '').toLowerCase());
  }
  const topSharer = [...bySharer.entries()].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))[0]?.[0];
  const documentsWithExternalActivity = documents.size;
  const totalExternalCollaborators = collaborators.size;
  return {
    externalId: `summary:${day}`,
    kind: 'google_drive_summary',
    timestamp: new Date(`${day}T23:59:59.000Z`),
    title: `${documentsWithExternalActivity} document${documentsWithExternalActivity === 1 ? '' : 's'} with external activity, ${totalExternalCollaborators} external collaborator${totalExternalCollaborators === 1 ? '' : 's'}`,
    url: null,
    personIdentifier: person ?? topSharer ?? 'unknown',
    metadata: { day, documentsWithExternalActivity, totalExternalCollaborators },
  };
}
