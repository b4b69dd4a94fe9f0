/** The API key as shown: first 8 and last 4 characters (spec 001 §9). Short keys are hidden entirely. */
export function maskApiKey(key: string): string {
  if (key.length <= 12) return '•'.repeat(key.length);
  return `${key.slice(0, 8)}…${key.slice(-4)}`;
}

/** Under 1000 ms in milliseconds, otherwise in seconds with one decimal (spec 001 §9). */
export function formatDuration(ms: number | null | undefined): string {
  if (ms === null || ms === undefined || !Number.isFinite(ms)) return '—';
  if (ms < 1000) return `${Math.round(ms)} ms`;
  return `${(ms / 1000).toFixed(1)} s`;
}

export type Tone = 'success' | 'warning' | 'danger' | 'critical';

/** Success rate colours: at least 90% green, at least 70% yellow, otherwise red. */
export function successRateTone(percent: number): Exclude<Tone, 'critical'> {
  if (percent >= 90) return 'success';
  if (percent >= 70) return 'warning';
  return 'danger';
}

/** Success rate in whole percent, or null without runs. */
export function successRate(successful: number, total: number): number | null {
  if (total <= 0) return null;
  return Math.round((successful / total) * 100);
}

/** HTTP status colours: 2xx green, 3xx yellow, 4xx red, 5xx dark red. */
export function statusCodeTone(code: number): Tone {
  if (code >= 500) return 'critical';
  if (code >= 400) return 'danger';
  if (code >= 300) return 'warning';
  return 'success';
}

/** A count with its noun, singular for one ('1 person', '3 people'). */
export function plural(count: number, one: string, many: string): string {
  return `${count} ${count === 1 ? one : many}`;
}

export const COLLABORATORS_SHOWN = 8;

/** External collaborators of an event: up to 8 names, then '+N more' (spec 001 §9). */
export function collaboratorsSummary(metadata: Record<string, unknown>): { names: string[]; more: number } | null {
  const list = metadata.externalCollaborators;
  if (!Array.isArray(list) || list.length === 0) return null;
  const names = list.map((c) => {
    const person = (c ?? {}) as { displayName?: unknown; emailAddress?: unknown };
    return String(person.displayName ?? person.emailAddress ?? 'Unknown');
  });
  return { names: names.slice(0, COLLABORATORS_SHOWN), more: Math.max(0, names.length - COLLABORATORS_SHOWN) };
}

export interface ExternalCollaborator {
  /** E-mail address when known, else the display name. */
  key: string;
  label: string;
  roles: string[];
  /** Documents shared with them among the events given. */
  documents: number;
}

/**
 * Everyone outside the organisation that the given events shared documents with, most documents
 * first: one entry per address (or name), with the roles they were given.
 */
export function externalCollaborators(events: { metadata: Record<string, unknown> }[]): ExternalCollaborator[] {
  const byKey = new Map<string, ExternalCollaborator & { files: Set<string> }>();
  for (const event of events) {
    const list = event.metadata.externalCollaborators;
    if (!Array.isArray(list)) continue;
    const file = String(event.metadata.fileName ?? '');
    for (const item of list) {
      const c = (item ?? {}) as { displayName?: unknown; emailAddress?: unknown; role?: unknown };
      const email = typeof c.emailAddress === 'string' ? c.emailAddress : null;
      const name = typeof c.displayName === 'string' ? c.displayName : null;
      const key = (email ?? name ?? 'Unknown').toLowerCase();
      const entry = byKey.get(key) ?? {
        key,
        label: name ?? email ?? 'Unknown',
        roles: [],
        documents: 0,
        files: new Set(),
      };
      if (typeof c.role === 'string' && !entry.roles.includes(c.role)) entry.roles.push(c.role);
      entry.files.add(file);
      entry.documents = entry.files.size;
      byKey.set(key, entry);
    }
  }
  return [...byKey.values()]
    .sort((a, b) => b.documents - a.documents || a.label.localeCompare(b.label))
    .map(({ files: _files, ...rest }) => rest);
}
