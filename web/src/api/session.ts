import type { AuthStatus, ImpersonationStatus, SessionUser } from '@overlap/contract/auth';
import type { OnboardingState } from '@overlap/contract/onboarding';
import type { SystemInfo } from '@overlap/contract/system';
import { type QueryClient, queryOptions, useQuery } from '@tanstack/react-query';
import { api, isApiError } from './client';
import { apiPaths } from './paths';

export const sessionKeys = {
  status: ['auth', 'status'] as const,
  impersonation: ['auth', 'impersonation'] as const,
  onboarding: ['onboarding', 'state'] as const,
  systemInfo: ['system-info'] as const,
};

/** The signed-in user, or null when /auth/status answers 401. */
const sessionQuery = queryOptions({
  queryKey: sessionKeys.status,
  queryFn: async (): Promise<SessionUser | null> => {
    try {
      return (await api<AuthStatus>(apiPaths.auth.status)).user;
    } catch (err) {
      if (isApiError(err, 401)) return null;
      throw err;
    }
  },
  staleTime: 60_000,
});
export const useSession = () => useQuery(sessionQuery);

/**
 * The onboarding state; a failed check means "no onboarding needed", as the spec says. With
 * `keep401`, a 401 (no session yet) fails instead, so the answer is not kept as that.
 */
async function fetchOnboardingState(keep401 = false): Promise<OnboardingState | null> {
  try {
    return await api<OnboardingState>(apiPaths.onboarding.state);
  } catch (err) {
    if (keep401 && isApiError(err, 401)) throw err;
    return null;
  }
}

const onboardingStateQuery = queryOptions({
  queryKey: sessionKeys.onboarding,
  queryFn: () => fetchOnboardingState(),
  staleTime: 30_000,
});
export const useOnboardingState = (enabled: boolean) => useQuery({ ...onboardingStateQuery, enabled });

/**
 * Asks for the session and the onboarding state side by side as the app starts on a page behind
 * the route gates, instead of the onboarding state after the session's answer (the gates need
 * both). Without a session the onboarding answer (401) is not kept: the gates ask again once
 * someone has signed in.
 */
export function prefetchGates(client: QueryClient): void {
  void client.prefetchQuery(sessionQuery);
  void client.prefetchQuery({ ...onboardingStateQuery, queryFn: () => fetchOnboardingState(true) });
}

/** The signed-in user (null without a session), from the cache or the session check in flight. */
export const signedInUser = (client: QueryClient): Promise<SessionUser | null> => client.fetchQuery(sessionQuery);

const impersonationQuery = queryOptions({
  queryKey: sessionKeys.impersonation,
  queryFn: () => api<ImpersonationStatus>(apiPaths.auth.impersonationStatus),
});
export const useImpersonation = (enabled: boolean) => useQuery({ ...impersonationQuery, enabled });

const systemInfoQuery = queryOptions({
  queryKey: sessionKeys.systemInfo,
  queryFn: () => api<SystemInfo>(apiPaths.profile.systemInfo),
});
/** System info needs a session: it is asked for once someone is signed in (and `enabled`). */
export const useSystemInfo = (enabled = true) => {
  const signedIn = Boolean(useSession().data);
  return useQuery({ ...systemInfoQuery, enabled: signedIn && enabled });
};
