import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type FakeGoogle, startFakeGoogle } from '../../../test/fakes/google.ts';
import { isConnectorError } from '../errors.ts';
import { silentTrace } from '../results.ts';
import { ADMIN_REPORTS_SCOPE, DRIVE_ACTIVITY_SCOPE, pollGoogleDrive } from './poll.ts';

let g: FakeGoogle;
beforeAll(async () => {
  g = await startFakeGoogle();
});
afterAll(async () => {
  await g.close();
});
beforeEach(() => {
  g.activities = [];
  g.reportItems = [];
  g.isAdmin = false;
});

const viewer = { email: 'ada@acme.dev', displayName: 'Ada Lovelace' };
const SINCE = new Date('2025-06-02T00:00:00Z');

/** Exchanges the refresh token at the fake token endpoint, as the OAuth client does. */
const refresh = async () => {
  const response = await fetch(`${g.url}/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ grant_type: 'refresh_token', refresh_token: g.refreshToken }),
  });
  return ((await response.json()) as { access_token: string }).access_token;
};

function activity(at: string, detail: Record<string, unknown>, actor: Record<string, unknown>) {
  return {
    timestampMs: Date.parse(at),
    activity: {
      primaryActionDetail: detail,
      actors: [{ user: { knownUser: actor } }],
      targets: [
        {
          driveItem: {
            name: 'items/1AbC',
            title: 'Roadmap 2025',
            mimeType: 'application/vnd.google-apps.document',
            owner: { user: { knownUser: { personName: 'people/111', isCurrentUser: true } } },
          },
        },
      ],
      actions: [{ detail }],
      timestamp: at,
    },
  };
}

describe('Google Drive poll', () => {
  it('reads Drive Activity page by page since the last poll: edits and external sharing', async () => {
    g.activities = [
      activity('2025-06-01T23:00:00Z', { edit: {} }, { personName: 'people/111', isCurrentUser: true }),
      activity('2025-06-02T09:00:00Z', { edit: {} }, { personName: 'people/111', isCurrentUser: true }),
      activity('2025-06-02T09:30:00Z', { edit: {} }, { personName: 'people/222' }),
      activity(
        '2025-06-02T10:00:00Z',
        {
          permissionChange: {
            addedPermissions: [
              { role: 'COMMENTER', anyone: {} },
              { role: 'EDITOR', group: { email: 'Partners@Vendor.io', title: 'Vendor partners' } },
              { role: 'VIEWER', group: { email: 'team@acme.dev', title: 'Team' } },
              { role: 'EDITOR', domain: { name: 'vendor.io' } },
            ],
          },
        },
        { personName: 'people/111', isCurrentUser: true },
      ),
    ];
    const result = await pollGoogleDrive({
      activityUrl: g.url,
      adminUrl: g.url,
      accessToken: g.accessToken,
      scope: DRIVE_ACTIVITY_SCOPE,
      viewer,
      internalDomains: [],
      since: SINCE,
      trace: silentTrace,
    });
    expect(result.source).toBe('drive_activity');
    expect(
      g.requests
        .filter((r) => r.path === '/v2/activity:query')
        .map((r) => (r.json as { pageToken?: string }).pageToken ?? null),
    ).toEqual([null, 'page-2']);
    expect(result.events.map((e) => [e.kind, e.personIdentifier, e.timestamp.toISOString()])).toEqual([
      ['google_drive_file_edit', 'ada@acme.dev', '2025-06-02T09:00:00.000Z'],
      ['google_drive_file_edit', 'people/222', '2025-06-02T09:30:00.000Z'],
      ['google_drive_external_collaboration', 'ada@acme.dev', '2025-06-02T10:00:00.000Z'],
    ]);
    expect(result.events[0]?.metadata).toEqual({
      fileName: 'Roadmap 2025',
      editorEmail: 'ada@acme.dev',
      editorDisplayName: 'Ada Lovelace',
      editorRole: 'owner',
    });
    expect(result.events[1]?.metadata?.editorRole).toBe('editor');
    expect(result.events[2]?.metadata).toEqual({
      fileName: 'Roadmap 2025',
      externalCollaborators: [
        { displayName: 'Anyone with the link', role: 'commenter' },
        { displayName: 'Vendor partners', emailAddress: 'partners@vendor.io', role: 'editor' },
        { displayName: 'vendor.io', role: 'editor' },
      ],
      collaboratorCount: 3,
    });
  });

  it('uses Admin Reports for a Workspace admin: every actor with an e-mail, external users by address', async () => {
    g.isAdmin = true;
    g.reportItems = [
      {
        timeMs: Date.parse('2025-06-02T08:00:00Z'),
        item: {
          id: {
            time: '2025-06-02T08:00:00.000Z',
            uniqueQualifier: '-123',
            applicationName: 'drive',
            customerId: 'C01',
          },
          actor: { email: 'Bo@acme.dev', profileId: '42' },
          events: [
            {
              type: 'access',
              name: 'edit',
              parameters: [
                { name: 'doc_id', value: 'doc-9' },
                { name: 'doc_title', value: 'Budget' },
                { name: 'owner', value: 'ada@acme.dev' },
              ],
            },
            {
              type: 'acl_change',
              name: 'change_user_access',
              parameters: [
                { name: 'doc_id', value: 'doc-9' },
                { name: 'doc_title', value: 'Budget' },
                { name: 'target_user', value: 'eve@partner.org' },
                { name: 'new_value', multiValue: ['can_edit'] },
              ],
            },
            {
              type: 'acl_change',
              name: 'change_user_access',
              parameters: [
                { name: 'doc_id', value: 'doc-9' },
                { name: 'target_user', value: 'cy@acme.dev' },
                { name: 'new_value', multiValue: ['can_view'] },
              ],
            },
          ],
        },
      },
    ];
    const result = await pollGoogleDrive({
      activityUrl: g.url,
      adminUrl: g.url,
      accessToken: g.accessToken,
      scope: `${DRIVE_ACTIVITY_SCOPE} ${ADMIN_REPORTS_SCOPE}`,
      viewer,
      internalDomains: ['acme.dev'],
      since: SINCE,
      trace: silentTrace,
    });
    expect(result.source).toBe('admin_reports');
    expect(result.events.map((e) => [e.kind, e.personIdentifier, e.metadata])).toEqual([
      [
        'google_drive_file_edit',
        'bo@acme.dev',
        { fileName: 'Budget', editorEmail: 'bo@acme.dev', editorDisplayName: null, editorRole: 'editor' },
      ],
      [
        'google_drive_external_collaboration',
        'bo@acme.dev',
        {
          fileName: 'Budget',
          externalCollaborators: [{ emailAddress: 'eve@partner.org', role: 'editor' }],
          collaboratorCount: 1,
        },
      ],
    ]);
  });

  it('falls back to Drive Activity when Admin Reports refuses a user who is no admin', async () => {
    g.activities = [activity('2025-06-02T09:00:00Z', { edit: {} }, { personName: 'people/111', isCurrentUser: true })];
    const result = await pollGoogleDrive({
      activityUrl: g.url,
      adminUrl: g.url,
      accessToken: g.accessToken,
      scope: ADMIN_REPORTS_SCOPE,
      viewer,
      internalDomains: [],
      since: SINCE,
      trace: silentTrace,
    });
    expect(result.source).toBe('drive_activity');
    expect(result.events.map((e) => e.kind)).toEqual(['google_drive_file_edit']);
  });

  it('refreshes an expired access token once and carries on; without a refresh it needs reauthorization', async () => {
    g.activities = [activity('2025-06-02T09:00:00Z', { edit: {} }, { personName: 'people/111', isCurrentUser: true })];
    const old = g.accessToken;
    g.expired.add(old);
    const result = await pollGoogleDrive({
      activityUrl: g.url,
      adminUrl: g.url,
      accessToken: old,
      scope: DRIVE_ACTIVITY_SCOPE,
      viewer,
      internalDomains: [],
      since: SINCE,
      trace: silentTrace,
      refreshAccessToken: refresh,
    });
    expect(result.accessToken).toBe('ya29.fake-access-1');
    expect(result.events).toHaveLength(1);
    expect(g.refreshes).toBe(1);

    const failure = await pollGoogleDrive({
      activityUrl: g.url,
      adminUrl: g.url,
      accessToken: old,
      scope: DRIVE_ACTIVITY_SCOPE,
      viewer,
      internalDomains: [],
      since: SINCE,
      trace: silentTrace,
    }).catch((e: unknown) => e);
    expect(isConnectorError(failure, 'needs_reauthorization')).toBe(true);
    expect((failure as Error).message).toBe(
      'Google Drive Activity answered 401: Request had invalid authentication credentials. Expected OAuth 2 access token.',
    );
  });
});
