import { ConnectorError } from '../errors.ts';
import { requestJson } from '../http.ts';
import type { ConnectorTrace } from '../results.ts';
import type { ProviderEvent } from '../types.ts';
import { type Collaborator, domainOf, googleMessageOf, isExternal } from './people.ts';

const MAX_RESULTS = 1000;
const MAX_PAGES = 20;

interface Parameter {
  name: string;
  value?: string;
  boolValue?: boolean;
  multiValue?: string[];
}
interface ReportEvent {
  type?: string;
  name: string;
  parameters?: Parameter[];
}
interface ReportItem {
  id: { time: string; uniqueQualifier: string };
  actor?: { email?: string; profileId?: string };
  events?: ReportEvent[];
}

const param = (e: ReportEvent, name: string) => e.parameters?.find((p) => p.name === name);

/** Admin Reports access levels in the Data tab's words. */
const ACCESS_ROLES: Record<string, string> = {
  can_edit: 'editor',
  can_comment: 'commenter',
  can_view: 'viewer',
  owner: 'owner',
};
const roleOf = (e: ReportEvent) => {
  const value = param(e, 'new_value')?.multiValue?.[0] ?? param(e, 'new_value')?.value ?? '';
  return ACCESS_ROLES[value] ?? (value.replace(/^can_/, '') || 'viewer');
};

/**
 * One Admin Reports activity (Workspace admins; actors carry their e-mail): `edit` events become
 * file edits, and access given to people outside the internal domains (or to anyone with the link)
 * one external collaboration per document.
 */
export function mapReportItem(item: ReportItem, internalDomains: string[]): ProviderEvent[] {
  const email = item.actor?.email?.toLowerCase();
  if (!email) return [];
  const domains = internalDomains.length > 0 ? internalDomains : [domainOf(email)];
  const at = new Date(item.id.time);
  const events: ProviderEvent[] = [];
  const shared = new Map<string, { title: string; collaborators: Collaborator[] }>();
  (item.events ?? []).forEach((e, index) => {
    const docId = param(e, 'doc_id')?.value;
    const title = param(e, 'doc_title')?.value ?? docId ?? 'Untitled';
    if (!docId) return;
    if (e.name === 'edit') {
      const owner = param(e, 'owner')?.value?.toLowerCase();
      events.push({
        externalId: `reports:${item.id.uniqueQualifier}:${index}`,
        kind: 'google_drive_file_edit',
        timestamp: at,
        title: `Edited ${title}`,
        url: `https://drive.google.com/open?id=${docId}`,
        personIdentifier: email,
        metadata: {
          fileName: title,
          editorEmail: email,
          editorDisplayName: null,
          editorRole: owner === email ? 'owner' : 'editor',
        },
      });
      return;
    }
    const target = param(e, 'target_user')?.value?.toLowerCase();
    const visibility = param(e, 'visibility')?.value;
    let collaborator: Collaborator | null = null;
    if (e.name === 'change_user_access' && target && isExternal(target, domains)) {
      collaborator = { emailAddress: target, role: roleOf(e) };
    } else if (
      e.name === 'change_document_visibility' &&
      (visibility === 'people_with_link' || visibility === 'public_on_the_web')
    ) {
      collaborator = { displayName: 'Anyone with the link', role: 'viewer' };
    }
    if (!collaborator) return;
    const entry = shared.get(docId) ?? { title, collaborators: [] };
    entry.collaborators.push(collaborator);
    shared.set(docId, entry);
  });
  for (const [docId, { title, collaborators }] of shared) {
    events.push({
      externalId: `reports:${item.id.uniqueQualifier}:${docId}:share`,
      kind: 'google_drive_external_collaboration',
      timestamp: at,
      title: `Shared ${title} outside the organisation`,
      url: `https://drive.google.com/open?id=${docId}`,
      personIdentifier: email,
      metadata: { fileName: title, externalCollaborators: collaborators, collaboratorCount: collaborators.length },
    });
  }
  return events;
}

/** Drive activity of every user of the Workspace since `since`, page by page (`pageToken`). */
export async function queryDriveReports(input: {
  adminUrl: string;
  accessToken: string;
  since: Date;
  /** Only activity before this instant, when given. */
  until?: Date;
  internalDomains: string[];
  trace: ConnectorTrace;
}): Promise<ProviderEvent[]> {
  const base = `${input.adminUrl.replace(/\/$/, '')}/admin/reports/v1/activity/users/all/applications/drive`;
  const events: ProviderEvent[] = [];
  let pageToken: string | undefined;
  for (let page = 0; page < MAX_PAGES; page++) {
    const query = new URLSearchParams({ startTime: input.since.toISOString(), maxResults: String(MAX_RESULTS) });
    if (input.until) query.set('endTime', input.until.toISOString());
    if (pageToken) query.set('pageToken', pageToken);
    const answer = await requestJson<{ items?: ReportItem[]; nextPageToken?: string }>(
      { provider: 'Google Admin Reports', trace: input.trace, messageOf: googleMessageOf },
      { url: `${base}?${query}`, headers: { authorization: `Bearer ${input.accessToken}` } },
    );
    if (answer.items !== undefined && !Array.isArray(answer.items)) {
      throw new ConnectorError('malformed', 'Google Admin Reports answered items that are not a list');
    }
    for (const item of answer.items ?? []) events.push(...mapReportItem(item, input.internalDomains));
    pageToken = answer.nextPageToken || undefined;
    if (!pageToken) break;
  }
  return events;
}
