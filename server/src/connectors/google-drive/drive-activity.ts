import { ConnectorError } from '../errors.ts';
import { requestJson } from '../http.ts';
import type { ConnectorTrace } from '../results.ts';
import type { ProviderEvent } from '../types.ts';
import { type Collaborator, domainOf, googleMessageOf, isExternal } from './people.ts';

const PAGE_SIZE = 100;
const MAX_PAGES = 20;

interface KnownUser {
  personName?: string;
  isCurrentUser?: boolean;
}
interface Actor {
  user?: { knownUser?: KnownUser };
}
interface Permission {
  role?: string;
  user?: { knownUser?: KnownUser };
  group?: { email?: string; title?: string };
  domain?: { name?: string };
  anyone?: Record<string, never>;
}
interface DriveActivity {
  primaryActionDetail?: {
    edit?: object;
    create?: object;
    permissionChange?: { addedPermissions?: Permission[] };
  };
  actors?: Actor[];
  targets?: { driveItem?: { name?: string; title?: string; owner?: { user?: { knownUser?: KnownUser } } } }[];
  timestamp?: string;
  timeRange?: { startTime?: string; endTime?: string };
}

/** The account that authorized the integration, as far as Drive Activity can name people. */
export interface DriveViewer {
  email: string | null;
  displayName: string | null;
}

/** Drive roles as Drive Activity names them, in the words the Data tab shows. */
const ROLE_NAMES: Record<string, string> = {
  OWNER: 'owner',
  ORGANIZER: 'organizer',
  FILE_ORGANIZER: 'file organizer',
  EDITOR: 'editor',
  COMMENTER: 'commenter',
  VIEWER: 'viewer',
  PUBLISHED_VIEWER: 'viewer',
};
const roleName = (role: string | undefined) => ROLE_NAMES[role ?? ''] ?? (role ?? 'viewer').toLowerCase();

/**
 * Collaborators a permission change added from outside the account's domains. Drive Activity names
 * users only as `people/ID` (no address), so only groups and domains outside, and "anyone with the
 * link", can be told apart as external here; the Admin Reports source also sees external users.
 */
function externalOf(added: Permission[], internalDomains: string[]): Collaborator[] {
  const result: Collaborator[] = [];
  for (const p of added) {
    const role = roleName(p.role);
    if (p.anyone) result.push({ displayName: 'Anyone with the link', role });
    else if (p.domain?.name && !internalDomains.includes(p.domain.name.toLowerCase())) {
      result.push({ displayName: p.domain.name, role });
    } else if (p.group?.email && isExternal(p.group.email, internalDomains)) {
      result.push({ displayName: p.group.title ?? p.group.email, emailAddress: p.group.email.toLowerCase(), role });
    }
  }
  return result;
}

function actorOf(
  activity: DriveActivity,
  viewer: DriveViewer,
): { id: string; email: string | null; name: string | null } {
  const known = activity.actors?.find((a) => a.user?.knownUser)?.user?.knownUser;
  if (known?.isCurrentUser && viewer.email) return { id: viewer.email, email: viewer.email, name: viewer.displayName };
  return { id: known?.personName ?? 'unknown', email: null, name: null };
}

/** One Drive Activity entry as our events: a file edit, or an external collaboration. */
export function mapDriveActivity(
  activity: DriveActivity,
  viewer: DriveViewer,
  internalDomains: string[],
): ProviderEvent[] {
  const when = activity.timestamp ?? activity.timeRange?.endTime;
  const item = activity.targets?.find((t) => t.driveItem)?.driveItem;
  const detail = activity.primaryActionDetail;
  if (!when || !item?.name || !detail) return [];
  const actor = actorOf(activity, viewer);
  const fileName = item.title ?? item.name;
  const base = {
    timestamp: new Date(when),
    url: `https://drive.google.com/open?id=${item.name.replace(/^items\//, '')}`,
  };
  if (detail.edit || detail.create) {
    const ownerName = item.owner?.user?.knownUser?.personName;
    const isOwner = Boolean(ownerName && activity.actors?.some((a) => a.user?.knownUser?.personName === ownerName));
    return [
      {
        ...base,
        externalId: `drive:${item.name}:${when}:${actor.id}:edit`,
        kind: 'google_drive_file_edit',
        title: `Edited ${fileName}`,
        personIdentifier: actor.id,
        personName: actor.name,
        metadata: {
          fileName,
          editorEmail: actor.email,
          editorDisplayName: actor.name,
          editorRole: isOwner ? 'owner' : 'editor',
        },
      },
    ];
  }
  const external = externalOf(detail.permissionChange?.addedPermissions ?? [], internalDomains);
  if (external.length === 0) return [];
  return [
    {
      ...base,
      externalId: `drive:${item.name}:${when}:${actor.id}:share`,
      kind: 'google_drive_external_collaboration',
      title: `Shared ${fileName} outside the organisation`,
      personIdentifier: actor.id,
      personName: actor.name,
      metadata: { fileName, externalCollaborators: external, collaboratorCount: external.length },
    },
  ];
}

/**
 * Drive Activity API v2 `activity:query` since `since` (`time > ms` filter), every page by
 * `pageToken`, mapped to file edits and external collaborations.
 */
export async function queryDriveActivity(input: {
  activityUrl: string;
  accessToken: string;
  since: Date;
  /** Only activity before this instant, when given. */
  until?: Date;
  viewer: DriveViewer;
  internalDomains: string[];
  trace: ConnectorTrace;
}): Promise<ProviderEvent[]> {
  const url = `${input.activityUrl.replace(/\/$/, '')}/v2/activity:query`;
  const domains =
    input.internalDomains.length > 0 ? input.internalDomains : [domainOf(input.viewer.email)].filter(Boolean);
  const events: ProviderEvent[] = [];
  let pageToken: string | undefined;
  for (let page = 0; page < MAX_PAGES; page++) {
    const answer = await requestJson<{ activities?: DriveActivity[]; nextPageToken?: string }>(
      { provider: 'Google Drive Activity', trace: input.trace, messageOf: googleMessageOf },
      {
        method: 'POST',
        url,
        headers: { authorization: `Bearer ${input.accessToken}` },
        body: {
          pageSize: PAGE_SIZE,
          filter: `time > ${input.since.getTime()}${input.until ? ` AND time < ${input.until.getTime()}` : ''}`,
          ...(pageToken ? { pageToken } : {}),
        },
      },
    );
    if (answer.activities !== undefined && !Array.isArray(answer.activities)) {
      throw new ConnectorError('malformed', 'Google Drive Activity answered activities that are not a list');
    }
    for (const activity of answer.activities ?? [])
      events.push(...mapDriveActivity(activity, input.viewer, domains as string[]));
    pageToken = answer.nextPageToken || undefined;
    if (!pageToken) break;
  }
  return events;
}
