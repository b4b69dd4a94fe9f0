/** The metadata of an activity event, said in words (spec 000 §3). */
export function describeEventMetadata(metadata: Record<string, unknown> | null | undefined): string[] {
  if (!metadata) return [];
  const str = (k: string) => (typeof metadata[k] === 'string' && (metadata[k] as string).trim()) || null;
  const lines: string[] = [];
  const fileName = str('fileName');
  if (fileName) lines.push(`File: ${fileName}`);
  const count = metadata.collaboratorCount;
  if (typeof count === 'number' && Number.isFinite(count)) {
    lines.push(`${count} ${count === 1 ? 'collaborator' : 'collaborators'}`);
  }
  const editor = str('editorDisplayName') ?? str('editorEmail');
  if (editor) {
    const email = str('editorDisplayName') && str('editorEmail') ? ` <${str('editorEmail')}>` : '';
    const role = str('editorRole') ? ` as ${str('editorRole')}` : '';
    lines.push(`Edited by ${editor}${email}${role}`);
  }
  if (Array.isArray(metadata.externalCollaborators) && metadata.externalCollaborators.length > 0) {
    const names = metadata.externalCollaborators
      .map((c) => {
        if (!c || typeof c !== 'object') return null;
        const o = c as Record<string, unknown>;
        const who =
          (typeof o.displayName === 'string' && o.displayName) ||
          (typeof o.emailAddress === 'string' && o.emailAddress);
        if (!who) return null;
        return typeof o.role === 'string' && o.role ? `${who} (${o.role})` : who;
      })
      .filter((x): x is string => Boolean(x));
    if (names.length) lines.push(`Shared with ${names.join(', ')}`);
  }
  const author = str('authorName') ?? str('authorUsername') ?? str('authorEmail');
  if (author) {
    const extras = [
      str('authorName') && str('authorUsername') ? `@${str('authorUsername')}` : null,
      str('authorEmail') && author !== str('authorEmail') ? str('authorEmail') : null,
    ].filter(Boolean);
    lines.push(`Author: ${author}${extras.length ? ` (${extras.join(', ')})` : ''}`);
  }
  return lines;
}

const KIND_LABELS: Record<string, string> = {
  google_drive_file_edit: 'File edited',
  google_drive_external_collaboration: 'Shared externally',
  google_drive_summary: 'Drive summary',
  git_commit: 'Commit',
  commit: 'Commit',
  deployment: 'Deployment',
};

/** A readable name of an event kind ('git_commit' -> 'Commit', unknown kinds title-cased). */
export function eventKindLabel(kind: string): string {
  return (
    KIND_LABELS[kind] ??
    kind
      .split(/[_\s-]+/)
      .filter(Boolean)
      .map((w, i) => (i === 0 ? w[0]?.toUpperCase() + w.slice(1) : w))
      .join(' ')
  );
}

/** How an event is named to assistive technology: its kind, then its title (or its integration). */
export const eventLabel = (event: { kind: string; title: string | null; integrationName: string }): string =>
  `${eventKindLabel(event.kind)}: ${event.title ?? event.integrationName}`;
