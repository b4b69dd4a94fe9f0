import {
  basicCredentials,
  bearerOf,
  type FakeReply,
  type FakeServer,
  redirectWith,
  type SeenRequest,
  startFakeServer,
} from './fake-server.ts';

/**
 * Google's Drive Activity v2 (`POST /v2/activity:query`, `pageToken` paging, `time > ms` filter),
 * Admin Reports (`GET /admin/reports/v1/activity/users/all/applications/drive`, `startTime`,
 * `pageToken`; 403 for a user who is no Workspace admin) and the OAuth token endpoint (`POST /token`
 * with grant_type=refresh_token), on loopback. An expired access token answers 401 like Google.
 */
export interface FakeGoogle extends FakeServer {
  accessToken: string;
  refreshToken: string;
  /** Access tokens that Google no longer accepts. */
  expired: Set<string>;
  activities: { timestampMs: number; activity: Record<string, unknown> }[];
  reportItems: { timeMs: number; item: Record<string, unknown> }[];
  isAdmin: boolean;
  pageSize: number;
  refreshes: number;
  clientId: string;
  clientSecret: string;
  /** The account that consents at the authorize page. */
  consentEmail: string;
  /** Scopes the user grants (Google lets them untick some). */
  grantedScopes: string[];
}

/** An ID token as Google sends it (the signature is not checked by a client reading it from the token endpoint). */
function idToken(claims: Record<string, unknown>): string {
  const part = (o: unknown) => Buffer.from(JSON.stringify(o)).toString('base64url');
  return `${part({ alg: 'RS256', typ: 'JWT' })}.${part(claims)}.c2lnbmF0dXJl`;
}

const unauthenticated: FakeReply = {
  status: 401,
  json: {
    error: {
      code: 401,
      message: 'Request had invalid authentication credentials. Expected OAuth 2 access token.',
      status: 'UNAUTHENTICATED',
    },
  },
};

export async function startFakeGoogle(): Promise<FakeGoogle> {
  let fake = {
    accessToken: 'ya29.fake-access',
    refreshToken: '1//fake-refresh',
    expired: new Set<string>(),
    activities: [],
    reportItems: [],
    isAdmin: false,
    pageSize: 2,
    refreshes: 0,
    clientId: 'google-client-id',
    clientSecret: 'google-client-secret',
    consentEmail: 'ada@acme.dev',
    grantedScopes: [],
  } as Omit<FakeGoogle, keyof FakeServer>;
  const codes = new Map<string, string[]>();

  const authorized = (req: SeenRequest) => {
    const token = bearerOf(req.headers);
    return token === fake.accessToken && !fake.expired.has(token);
  };
  const page = <T>(list: T[], token: string | null) => {
    const start = token ? Number(token.replace('page-', '')) : 0;
    const slice = list.slice(start, start + fake.pageSize);
    const next = start + fake.pageSize < list.length ? `page-${start + fake.pageSize}` : undefined;
    return { slice, next };
  };

  const handle = (req: SeenRequest): FakeReply => {
    if (req.method === 'GET' && req.path === '/o/oauth2/v2/auth') {
      const redirectUri = req.query.get('redirect_uri') ?? '';
      if (req.query.get('client_id') !== fake.clientId) return { status: 400, text: 'invalid_client' };
      const asked = (req.query.get('scope') ?? '').split(' ');
      const granted = fake.grantedScopes.length > 0 ? asked.filter((s) => fake.grantedScopes.includes(s)) : asked;
      const code = `code-${codes.size + 1}`;
      codes.set(code, granted);
      return redirectWith(redirectUri, { code, state: req.query.get('state') ?? '', scope: granted.join(' ') });
    }
    if (req.method === 'POST' && req.path === '/token' && req.form.get('grant_type') === 'authorization_code') {
      const client = basicCredentials(req.headers);
      const id = client?.user ?? req.form.get('client_id');
      const secret = client?.password ?? req.form.get('client_secret');
      if (id !== fake.clientId || secret !== fake.clientSecret) {
        return { status: 401, json: { error: 'invalid_client', error_description: 'Unauthorized' } };
      }
      const granted = codes.get(req.form.get('code') ?? '');
      if (!granted) return { status: 400, json: { error: 'invalid_grant', error_description: 'Bad Request' } };
      codes.delete(req.form.get('code') ?? '');
      return {
        json: {
          access_token: fake.accessToken,
          refresh_token: fake.refreshToken,
          expires_in: 3599,
          token_type: 'Bearer',
          scope: granted.join(' '),
          id_token: idToken({ iss: 'https://accounts.google.com', email: fake.consentEmail, email_verified: true }),
        },
      };
    }
    if (req.method === 'POST' && req.path === '/token') {
      if (req.form.get('grant_type') !== 'refresh_token' || req.form.get('refresh_token') !== fake.refreshToken) {
        return { status: 400, json: { error: 'invalid_grant', error_description: 'Bad Request' } };
      }
      fake.refreshes++;
      fake.accessToken = `ya29.fake-access-${fake.refreshes}`;
      return { json: { access_token: fake.accessToken, expires_in: 3599, token_type: 'Bearer' } };
    }
    if (req.method === 'POST' && req.path === '/v2/activity:query') {
      if (!authorized(req)) return unauthenticated;
      const body = req.json as { filter?: string; pageToken?: string };
      const after = Number(/time > (\d+)/.exec(body.filter ?? '')?.[1] ?? '0');
      const list = fake.activities.filter((a) => a.timestampMs > after).map((a) => a.activity);
      const { slice, next } = page(list, body.pageToken ?? null);
      return { json: { activities: slice, ...(next ? { nextPageToken: next } : {}) } };
    }
    if (req.path === '/admin/reports/v1/activity/users/all/applications/drive') {
      if (!authorized(req)) return unauthenticated;
      if (!fake.isAdmin) {
        return {
          status: 403,
          json: {
            error: { code: 403, message: 'Not Authorized to access this resource/api', status: 'PERMISSION_DENIED' },
          },
        };
      }
      const start = Date.parse(req.query.get('startTime') ?? '1970-01-01T00:00:00Z');
      const list = fake.reportItems.filter((r) => r.timeMs >= start).map((r) => r.item);
      const { slice, next } = page(list, req.query.get('pageToken'));
      return { json: { kind: 'admin#reports#activities', items: slice, ...(next ? { nextPageToken: next } : {}) } };
    }
    return { status: 404, json: { error: { code: 404, message: 'Not Found', status: 'NOT_FOUND' } } };
  };

  const server = await startFakeServer(handle);
  const self = Object.assign(server, fake) as FakeGoogle;
  fake = self;
  return self;
}
