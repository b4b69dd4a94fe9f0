import { randomBytes } from 'node:crypto';
import { bearerOf, type FakeServer, startFakeServer } from './fake-server.ts';

export interface FakeMattermostUser {
  id: string;
  username: string;
  first_name?: string;
  last_name?: string;
  email?: string;
  is_bot?: boolean;
  delete_at?: number;
  timezone?: string;
}

export interface FakeMattermost extends FakeServer {
  users: FakeMattermostUser[];
  statuses: Map<string, 'online' | 'away' | 'dnd' | 'offline'>;
  /** A personal access token that works. */
  token: string;
  revokeToken(): void;
  rateLimitNext(times: number): void;
}

/** Mattermost's REST API v4 (users and statuses) with its X-Ratelimit headers, on loopback. */
export async function startFakeMattermost(): Promise<FakeMattermost> {
  const users: FakeMattermostUser[] = [];
  const statuses = new Map<string, 'online' | 'away' | 'dnd' | 'offline'>();
  let token = randomBytes(13).toString('hex');
  let limited = 0;
  const fake = await startFakeServer((req) => {
    const rate = { 'x-ratelimit-limit': '10', 'x-ratelimit-remaining': limited > 0 ? '0' : '9' };
    if (limited > 0) {
      limited--;
      return {
        status: 429,
        headers: { ...rate, 'x-ratelimit-reset': '1', 'retry-after': '1' },
        text: 'limit exceeded',
      };
    }
    if (bearerOf(req.headers) !== token) {
      return {
        status: 401,
        headers: rate,
        json: {
          id: 'api.context.session_expired.app_error',
          message: 'Invalid or expired session, please login again.',
          status_code: 401,
        },
      };
    }
    if (req.method === 'GET' && req.path === '/api/v4/users') {
      const perPage = Math.min(Number(req.query.get('per_page') ?? 60), 200);
      const page = Number(req.query.get('page') ?? 0);
      return {
        headers: rate,
        json: users.slice(page * perPage, (page + 1) * perPage).map((u) => ({
          id: u.id,
          username: u.username,
          first_name: u.first_name ?? '',
          last_name: u.last_name ?? '',
          email: u.email ?? '',
          is_bot: u.is_bot ?? false,
          delete_at: u.delete_at ?? 0,
          timezone: { useAutomaticTimezone: 'true', automaticTimezone: u.timezone ?? '', manualTimezone: '' },
        })),
      };
    }
    if (req.method === 'POST' && req.path === '/api/v4/users/status/ids') {
      if (!Array.isArray(req.json)) return { status: 400, json: { message: 'Invalid user_ids', status_code: 400 } };
      return {
        headers: rate,
        json: (req.json as string[]).map((id) => ({
          user_id: id,
          status: statuses.get(id) ?? 'offline',
          manual: false,
          last_activity_at: Date.now(),
        })),
      };
    }
    return { status: 404, json: { message: 'Unable to find the route', status_code: 404 } };
  });
  return Object.assign(fake, {
    users,
    statuses,
    get token() {
      return token;
    },
    revokeToken: () => {
      token = randomBytes(13).toString('hex');
    },
    rateLimitNext: (times: number) => {
      limited = times;
    },
  });
}
