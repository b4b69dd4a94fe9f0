import { randomBytes } from 'node:crypto';
import {
  basicCredentials,
  bearerOf,
  type FakeReply,
  type FakeServer,
  redirectWith,
  startFakeServer,
} from './fake-server.ts';

export interface FakeSlackMember {
  id: string;
  name: string;
  email?: string;
  tz?: string;
  deleted?: boolean;
  is_bot?: boolean;
}

export interface FakeSlackOptions {
  clientId?: string;
  clientSecret?: string;
  team?: { id: string; name: string };
  members?: FakeSlackMember[];
  /** Token rotation: access tokens expire after this many seconds and come with a refresh token. */
  rotateTokensAfterSeconds?: number;
}

interface Grant {
  accessToken: string;
  refreshToken: string | null;
  expiresAt: number | null;
}

export interface FakeSlack extends FakeServer {
  /** SLACK_API_URL: `${url}/api/` */
  apiUrl: string;
  /** SLACK_AUTHORIZE_URL */
  authorizeUrl: string;
  clientId: string;
  clientSecret: string;
  members: FakeSlackMember[];
  presence: Map<string, 'active' | 'away'>;
  /** A token that works, without going through OAuth. */
  issueToken(): string;
  revokeAll(): void;
  /** Expire every access token now (a refresh still works). */
  expireAll(): void;
  /** The next `times` calls of `method` answer 429 with this Retry-After. */
  rateLimit(method: string, times: number, retryAfterSeconds: number): void;
  /** The next authorize answers `error=access_denied` instead of a code. */
  denyNextAuthorization(): void;
  /** Calls of a Web API method among the kept requests, e.g. calls('users.getPresence'). */
  calls(method: string): number;
}

const ok = (body: Record<string, unknown>): FakeReply => ({ json: { ok: true, ...body } });
const fail = (error: string): FakeReply => ({ json: { ok: false, error } });
const randomId = (prefix: string) => `${prefix}-${randomBytes(12).toString('hex')}`;

/** Slack's Web API and OAuth v2 as their docs describe them, on loopback. */
export async function startFakeSlack(options: FakeSlackOptions = {}): Promise<FakeSlack> {
  const clientId = options.clientId ?? '1111.2222';
  const clientSecret = options.clientSecret ?? 'slack-client-secret';
  const team = options.team ?? { id: 'T0FAKE', name: 'Fake Workspace' };
  const members: FakeSlackMember[] = options.members ?? [];
  const presence = new Map<string, 'active' | 'away'>();
  const grants = new Map<string, Grant>();
  const codes = new Map<string, { redirectUri: string; used: boolean }>();
  const limits = new Map<string, { times: number; retryAfter: number }>();
  let denyNext = false;

  const newGrant = (): Grant => {
    const rotating = options.rotateTokensAfterSeconds !== undefined;
    const grant: Grant = {
      accessToken: rotating ? randomId('xoxe.xoxb-1') : randomId('xoxb'),
      refreshToken: rotating ? randomId('xoxe-1') : null,
      expiresAt: rotating ? Date.now() + (options.rotateTokensAfterSeconds ?? 0) * 1000 : null,
    };
    grants.set(grant.accessToken, grant);
    return grant;
  };
  const grantReply = (grant: Grant, scope: string): FakeReply =>
    ok({
      access_token: grant.accessToken,
      token_type: 'bot',
      scope,
      bot_user_id: 'UBOT0001',
      app_id: 'A0FAKE',
      team,
      enterprise: null,
      authed_user: { id: 'U0INSTALLER' },
      ...(grant.refreshToken
        ? { refresh_token: grant.refreshToken, expires_in: Math.round(((grant.expiresAt ?? 0) - Date.now()) / 1000) }
        : {}),
    });

  const fake = await startFakeServer((req) => {
    if (req.path === '/oauth/v2/authorize') {
      const redirectUri = req.query.get('redirect_uri') ?? '';
      const state = req.query.get('state') ?? '';
      if (req.query.get('client_id') !== clientId) return { status: 400, text: 'invalid_client_id' };
      if (denyNext) {
        denyNext = false;
        return redirectWith(redirectUri, { error: 'access_denied', state });
      }
      const code = randomId('code');
      codes.set(code, { redirectUri, used: false });
      return redirectWith(redirectUri, { code, state });
    }
    if (!req.path.startsWith('/api/')) return { status: 404, text: 'not_found' };
    const method = req.path.slice('/api/'.length);
    const limit = limits.get(method);
    if (limit && limit.times > 0) {
      limit.times--;
      return {
        status: 429,
        headers: { 'retry-after': String(limit.retryAfter) },
        json: { ok: false, error: 'ratelimited' },
      };
    }

    if (method === 'oauth.v2.access') {
      const creds = basicCredentials(req.headers);
      if (!creds || creds.user !== clientId) return fail('invalid_client_id');
      if (creds.password !== clientSecret) return fail('bad_client_secret');
      if (req.form.get('grant_type') === 'refresh_token') {
        const old = [...grants.values()].find(
          (g) => g.refreshToken && g.refreshToken === req.form.get('refresh_token'),
        );
        if (!old) return fail('invalid_refresh_token');
        grants.delete(old.accessToken);
        return grantReply(newGrant(), 'users:read,users:read.email,team:read');
      }
      const entry = codes.get(req.form.get('code') ?? '');
      if (!entry || entry.used) return fail('invalid_code');
      if (entry.redirectUri !== req.form.get('redirect_uri')) return fail('bad_redirect_uri');
      entry.used = true;
      return grantReply(newGrant(), 'users:read,users:read.email,team:read');
    }

    const token = bearerOf(req.headers) ?? req.form.get('token');
    const grant = token ? grants.get(token) : undefined;
    if (!grant) return fail(token ? 'invalid_auth' : 'not_authed');
    if (grant.expiresAt !== null && grant.expiresAt <= Date.now()) return fail('token_expired');

    if (method === 'users.list') {
      const limitParam = Math.min(Number(req.form.get('limit') ?? 100) || 100, 1000);
      const offset = Number(Buffer.from(req.form.get('cursor') ?? '', 'base64url').toString() || '0');
      const page = members.slice(offset, offset + limitParam);
      const next =
        offset + limitParam < members.length ? Buffer.from(String(offset + limitParam)).toString('base64url') : '';
      return ok({
        members: page.map((m) => ({
          id: m.id,
          team_id: team.id,
          name: m.name.toLowerCase().replace(/\s+/g, '.'),
          deleted: m.deleted ?? false,
          is_bot: m.is_bot ?? false,
          is_app_user: false,
          real_name: m.name,
          tz: m.tz ?? 'UTC',
          profile: { real_name: m.name, display_name: m.name.split(' ')[0], email: m.email },
        })),
        cache_ts: Math.floor(Date.now() / 1000),
        response_metadata: { next_cursor: next },
      });
    }
    if (method === 'users.getPresence') {
      const user = req.form.get('user') ?? '';
      if (!members.some((m) => m.id === user)) return fail('user_not_found');
      const value = presence.get(user) ?? 'away';
      return ok({
        presence: value,
        online: value === 'active',
        auto_away: false,
        manual_away: false,
        connection_count: 1,
      });
    }
    if (method === 'team.info') return ok({ team: { id: team.id, name: team.name, domain: 'fake' } });
    return fail('unknown_method');
  });

  return Object.assign(fake, {
    apiUrl: `${fake.url}/api/`,
    authorizeUrl: `${fake.url}/oauth/v2/authorize`,
    clientId,
    clientSecret,
    members,
    presence,
    issueToken: () => newGrant().accessToken,
    revokeAll: () => grants.clear(),
    expireAll: () => {
      for (const g of grants.values()) g.expiresAt = Date.now() - 1000;
    },
    rateLimit: (method: string, times: number, retryAfterSeconds: number) =>
      limits.set(method, { times, retryAfter: retryAfterSeconds }),
    denyNextAuthorization: () => {
      denyNext = true;
    },
    calls: (method: string) => fake.requests.filter((r) => r.path === `/api/${method}`).length,
  });
}
