import { isConnectorError } from '../errors.ts';
import type { ConnectorTrace } from '../results.ts';
import type { ProviderEvent } from '../types.ts';
import { queryDriveReports } from './admin-reports.ts';
import { type DriveViewer, queryDriveActivity } from './drive-activity.ts';

export const DRIVE_ACTIVITY_SCOPE = 'https://www.googleapis.com/auth/drive.activity.readonly';
export const ADMIN_REPORTS_SCOPE = 'https://www.googleapis.com/auth/admin.reports.audit.readonly';

export type DriveSource = 'admin_reports' | 'drive_activity';

export interface GoogleDrivePollInput {
  activityUrl: string;
  adminUrl: string;
  accessToken: string;
  /** Granted scopes (space-separated); Admin Reports is used when they include its scope. */
  scope: string;
  viewer: DriveViewer;
  internalDomains: string[];
  since: Date;
  /** Only activity before this instant, when given. */
  until?: Date;
  trace: ConnectorTrace;
  /** Gets a fresh access token with the refresh token (the OAuth client's refresh); absent: none. */
  refreshAccessToken?: () => Promise<string>;
}

/** Runs `call` with the token; a 401 refreshes the token once and tries again. */
async function withFreshToken<T>(input: GoogleDrivePollInput, call: (token: string) => Promise<T>) {
  try {
    return { value: await call(input.accessToken), token: input.accessToken };
  } catch (err) {
    if (!input.refreshAccessToken || !isConnectorError(err, 'needs_reauthorization')) throw err;
    input.trace.debug('milestone', { refreshed: 'access token expired; refreshed once' });
    const token = await input.refreshAccessToken();
    return { value: await call(token), token };
  }
}

/**
 * Google Drive events since `since`: the Admin Reports drive activity when the grant allows it (it
 * carries every actor's e-mail), falling back to Drive Activity v2 when the account turns out not
 * to be a Workspace admin (403).
 */
export async function pollGoogleDrive(
  input: GoogleDrivePollInput,
): Promise<{ events: ProviderEvent[]; source: DriveSource; accessToken: string }> {
  const scopes = input.scope.split(/[\s,]+/);
  if (scopes.includes(ADMIN_REPORTS_SCOPE)) {
    try {
      const { value, token } = await withFreshToken(input, (accessToken) =>
        queryDriveReports({ ...input, accessToken }),
      );
      return { events: value, source: 'admin_reports', accessToken: token };
    } catch (err) {
      if (!isConnectorError(err, 'provider') || err.status !== 403) throw err;
      input.trace.debug('milestone', {
        fallback: 'Admin Reports refused (not a Workspace admin); using Drive Activity',
      });
    }
  }
  const { value, token } = await withFreshToken(input, (accessToken) => queryDriveActivity({ ...input, accessToken }));
  return { events: value, source: 'drive_activity', accessToken: token };
}
