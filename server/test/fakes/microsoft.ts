import { randomBytes } from 'node:crypto';
import {
  basicCredentials,
  bearerOf,
  type FakeReply,
  type FakeServer,
  redirectWith,
  startFakeServer,
} from './fake-server.ts';
import { codeBook } from './oauth-codes.ts';

export interface FakeGraphUser {
  id: string;
  displayName: string;
  mail?: string | null;
  userPrincipalName?: string;
  accountEnabled?: boolean;
}

export interface FakeMicrosoftOptions {
  clientId?: string;
  clientSecret?: string;
  tenantName?: string;
  /** Lifetime of access tokens (Graph's are about an hour). */
  tokenLifetimeSeconds?: number;
  /** Users per page of GET /v1.0/users, whatever $top asks (Graph may answer fewer). */
  pageSize?: number;
}

export interface FakeMicrosoft extends FakeServer {
  /** MICROSOFT_LOGIN_URL */
  loginUrl: string;
  /** MICROSOFT_GRAPH_URL */
  graphUrl: string;
  clientId: string;
  clientSecret: string;
  users: FakeGraphUser[];
  presence: Map<string, { availability: string; activity: string }>;
  issueToken(): { accessToken: string; refreshToken: string };
  expireAll(): void;
  revokeRefreshTokens(): void;
  throttle(path: string, times: number, retryAfterSeconds: number): void;
  /** The next `times` calls of `path` answer 503 ServiceUnavailable. */
  failNext(path: string, times: number): void;
  lastAuthorizeHadPkce(): boolean;
}

const graphError = (status: number, code: string, message: string): FakeReply => ({
  status,
  json: { error: { code, message, innerError: { 'request-id': randomBytes(8).toString('hex') } } },
});

/** Microsoft identity platform (v2.0 endpoints) and the Graph calls Teams presence needs, on loopback. */
export async function startFakeMicrosoft(options: FakeMicrosoftOptions = {}): Promise<FakeMicrosoft> {
  const clientId = options.clientId ?? '00000000-aaaa-bbbb-cccc-000000000001';
  const clientSecret = options.clientSecret ?? 'microsoft-client-secret';
  const lifetime = options.tokenLifetimeSeconds ?? 3600;
  const pageSize = options.pageSize ?? 999;
  const users: FakeGraphUser[] = [];
  const presence = new Map<string, { availability: string; activity: string }>();
  const access = new Map<string, number>();
  const refresh = new Set<string>();
  const throttles = new Map<string, { times: number; retryAfter: number }>();
  const failures = new Map<string, number>();
  const codes = codeBook();

  const issue = () => {
    const accessToken = `eyJ0.${randomBytes(18).toString('base64url')}`;
    const refreshToken = `0.AR${randomBytes(18).toString('base64url')}`;
    access.set(accessToken, Date.now() + lifetime * 1000);
    refresh.add(refreshToken);
    return { accessToken, refreshToken };
  };
  const tokenReply = (scope: string): FakeReply => {
    const t = issue();
    return {
      json: {
        token_type: 'Bearer',
        scope,
        expires_in: lifetime,
        ext_expires_in: lifetime,
        access_token: t.accessToken,
        refresh_token: t.refreshToken,
      },
    };
  };
  const tokenError = (error: string, description: string): FakeReply => ({
    status: 400,
    json: { error, error_description: description, error_codes: [70008] },
  });

  const fake = await startFakeServer((req) => {
    const login = req.path.match(/^\/login\/([^/]+)\/oauth2\/v2\.0\/(authorize|token)$/);
    if (login) {
      if (login[2] === 'authorize') {
        if (req.query.get('client_id') !== clientId) return { status: 400, text: 'AADSTS700016: unknown application' };
        const code = codes.issue(req.query);
        return redirectWith(req.query.get('redirect_uri') ?? '', { code, state: req.query.get('state') ?? '' });
      }
      const creds = basicCredentials(req.headers);
      if (creds?.user !== clientId || creds.password !== clientSecret) {
        return {
          status: 401,
          json: { error: 'invalid_client', error_description: 'AADSTS7000215: Invalid client secret' },
        };
      }
      if (req.form.get('grant_type') === 'refresh_token') {
        const token = req.form.get('refresh_token') ?? '';
        if (!refresh.delete(token)) return tokenError('invalid_grant', 'AADSTS70008: The refresh token has expired');
        return tokenReply(req.form.get('scope') ?? '');
      }
      const redeemed = codes.redeem(req.form);
      if ('error' in redeemed) return tokenError(redeemed.error, redeemed.description);
      return tokenReply('User.Read.All Presence.Read.All');
    }

    if (!req.path.startsWith('/graph/v1.0/')) return graphError(404, 'ResourceNotFound', 'Unknown path');
    const path = req.path.slice('/graph/v1.0/'.length);
    const failing = failures.get(path) ?? 0;
    if (failing > 0) {
      failures.set(path, failing - 1);
      return graphError(503, 'ServiceUnavailable', 'The service is temporarily unavailable.');
    }
    const throttle = throttles.get(path);
    if (throttle && throttle.times > 0) {
      throttle.times--;
      return {
        status: 429,
        headers: { 'retry-after': String(throttle.retryAfter) },
        json: { error: { code: 'TooManyRequests', message: 'Too many requests' } },
      };
    }
    const token = bearerOf(req.headers);
    const expiry = token ? access.get(token) : undefined;
    if (expiry === undefined) return graphError(401, 'InvalidAuthenticationToken', 'Access token validation failure.');
    if (expiry <= Date.now()) {
      return graphError(401, 'InvalidAuthenticationToken', 'Lifetime validation failed, the token is expired.');
    }

    if (path === 'users' && req.method === 'GET') {
      const offset = Number(req.query.get('$skiptoken') ?? '0');
      const top = Math.min(Number(req.query.get('$top') ?? '100'), 999, pageSize);
      const page = users.slice(offset, offset + top);
      const next = new URL(`${fake.url}/graph/v1.0/users`);
      for (const [k, v] of req.query) if (k !== '$skiptoken') next.searchParams.set(k, v);
      next.searchParams.set('$skiptoken', String(offset + top));
      return {
        json: {
          '@odata.context': 'https://graph.microsoft.com/v1.0/$metadata#users',
          value: page.map((u) => ({
            id: u.id,
            displayName: u.displayName,
            mail: u.mail ?? null,
            userPrincipalName: u.userPrincipalName ?? `${u.id}@fake.onmicrosoft.com`,
            accountEnabled: u.accountEnabled ?? true,
          })),
          ...(offset + top < users.length ? { '@odata.nextLink': next.toString() } : {}),
        },
      };
    }
    if (path === 'communications/getPresencesByUserId' && req.method === 'POST') {
      const ids = (req.json as { ids?: unknown })?.ids;
      if (!Array.isArray(ids)) return graphError(400, 'BadRequest', 'ids is required');
      if (ids.length > 650) return graphError(400, 'BadRequest', 'At most 650 ids are allowed');
      return {
        json: {
          value: ids.map((id) => ({
            id,
            availability: presence.get(String(id))?.availability ?? 'Offline',
            activity: presence.get(String(id))?.activity ?? 'Offline',
          })),
        },
      };
    }
    if (path === 'organization') {
      return { json: { value: [{ id: 'tenant-0001', displayName: options.tenantName ?? 'Fake Tenant Ltd' }] } };
    }
    return graphError(404, 'ResourceNotFound', `Unknown path ${path}`);
  });

  return Object.assign(fake, {
    loginUrl: `${fake.url}/login`,
    graphUrl: `${fake.url}/graph`,
    clientId,
    clientSecret,
    users,
    presence,
    issueToken: issue,
    expireAll: () => {
      for (const key of access.keys()) access.set(key, Date.now() - 1000);
    },
    revokeRefreshTokens: () => refresh.clear(),
    throttle: (path: string, times: number, retryAfterSeconds: number) =>
      throttles.set(path, { times, retryAfter: retryAfterSeconds }),
    lastAuthorizeHadPkce: () => codes.lastHadChallenge(),
    failNext: (path: string, times: number) => failures.set(path, times),
  });
}
