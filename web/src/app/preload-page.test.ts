import { afterEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '../api/query-client';
import { sessionKeys } from '../api/session';
import { sessionUser } from '../test/session-user';
import { preloadPage } from './router';

afterEach(() => vi.unstubAllGlobals());

const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status });
const asked = (fetchMock: ReturnType<typeof vi.fn>) => fetchMock.mock.calls.map(([url]) => String(url).split('?')[0]);

describe('what the app asks for as it starts', () => {
  it('asks for the session and the onboarding state at once on a page behind the route gates', async () => {
    const fetchMock = vi.fn(async (url: string) =>
      url.includes('onboarding') ? json({ onboarding: { nextAction: 'dashboard' } }) : json({ user: sessionUser() }),
    );
    vi.stubGlobal('fetch', fetchMock);
    const client = createQueryClient();
    preloadPage('/people', client);
    // Both left before either answered.
    expect(asked(fetchMock)).toEqual(['/auth/status', '/api/v1/onboarding/state']);
    await vi.waitFor(() => expect(client.getQueryData(sessionKeys.onboarding)).toBeTruthy());
    expect(client.getQueryData(sessionKeys.status)).toEqual(sessionUser());
  });

  it('keeps no onboarding answer without a session, so the gates ask again after a sign-in', async () => {
    const fetchMock = vi.fn(async () => json({ message: 'Unauthorized' }, 401));
    vi.stubGlobal('fetch', fetchMock);
    const client = createQueryClient();
    preloadPage('/account', client);
    await vi.waitFor(() => expect(client.getQueryState(sessionKeys.onboarding)?.status).toBe('error'));
    expect(client.getQueryData(sessionKeys.onboarding)).toBeUndefined();
    expect(client.getQueryData(sessionKeys.status)).toBeNull();
  });

  it.each([
    ['a manager', 'manager', ['/api/v1/people', '/api/v1/unassigned', '/api/v1/account']],
    ['a user', 'user', ['/api/v1/people', '/api/v1/unassigned']],
  ] as const)("asks on / for the banners' data once the session says %s is signed in", async (_, role, banners) => {
    const fetchMock = vi.fn(async (url: string) =>
      url.includes('onboarding')
        ? json({ onboarding: { nextAction: 'dashboard' } })
        : json({ user: sessionUser(role) }),
    );
    vi.stubGlobal('fetch', fetchMock);
    preloadPage('/', createQueryClient());
    expect(asked(fetchMock)).toEqual(['/auth/status', '/api/v1/onboarding/state']);
    await vi.waitFor(() => expect(asked(fetchMock)).toHaveLength(2 + banners.length));
    expect(asked(fetchMock).slice(2)).toEqual(banners);
  });

  it("asks on / for no banner's data without a session", async () => {
    const fetchMock = vi.fn(async () => json({ message: 'Unauthorized' }, 401));
    vi.stubGlobal('fetch', fetchMock);
    const client = createQueryClient();
    preloadPage('/', client);
    await vi.waitFor(() => expect(client.getQueryData(sessionKeys.status)).toBeNull());
    await new Promise((r) => setTimeout(r, 20));
    expect(asked(fetchMock)).toEqual(['/auth/status', '/api/v1/onboarding/state']);
  });

  it('asks for nothing on a public page', () => {
    const fetchMock = vi.fn();
    vi.stubGlobal('fetch', fetchMock);
    preloadPage('/login', createQueryClient());
    expect(fetchMock).not.toHaveBeenCalled();
  });
});
