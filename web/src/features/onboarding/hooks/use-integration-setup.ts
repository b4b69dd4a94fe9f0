import type { ChatApp, OnboardingState } from '@overlap/contract/onboarding';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import { isApiError } from '../../../api/client';
import { sessionKeys } from '../../../api/session';
import {
  deleteWizardIntegration,
  fetchIntegrationStatus,
  onboardingKeys,
  saveCustomChatApp,
  selectChatApp,
  startOauth,
} from '../api/onboarding';
import {
  appOfProvider,
  customChatAppName,
  isUuid,
  newestChatIntegration,
  POLL_INTERVAL_MS,
  phaseAfterSelect,
  pollingExpired,
  type SetupPhase,
} from '../lib/setup-state';

export interface Setup {
  phase: SetupPhase;
  /** The chosen app; with phase 'idle' it is the demo form before anything is created. */
  app: ChatApp | null;
  integrationId: string | null;
  apiKey: string | null;
  curlCommand: string | null;
  pollStartedAt: number | null;
}

const IDLE: Setup = {
  phase: 'idle',
  app: null,
  integrationId: null,
  apiKey: null,
  curlCommand: null,
  pollStartedAt: null,
};

/** Step 1's integration setup (spec 001 §4): choose, create, wait for data, cancel, switch to demo. */
export function useIntegrationSetup(apps: readonly ChatApp[] | undefined, state: OnboardingState | null | undefined) {
  const queryClient = useQueryClient();
  const [setup, setSetup] = useState<Setup>(IDLE);
  const [busy, setBusy] = useState<'cancel' | 'demo' | 'start' | 'oauth' | null>(null);
  const [cancelFailed, setCancelFailed] = useState(false);
  const restored = useRef(false);

  const refreshState = useCallback(() => {
    void queryClient.invalidateQueries({ queryKey: sessionKeys.onboarding });
  }, [queryClient]);

  const create = useCallback(async (app: ChatApp) => {
    setSetup({ ...IDLE, app, phase: 'creating' });
    try {
      const result = await selectChatApp({ serviceId: app.id, provider: app.provider });
      const apiKey = result.apiKey ?? result.integration.apiKey;
      const phase = phaseAfterSelect(app.authType, result);
      setSetup({
        phase,
        app,
        integrationId: result.integration.id,
        apiKey,
        curlCommand: result.curlCommand,
        pollStartedAt: phase === 'waiting' ? Date.now() : null,
      });
    } catch (err) {
      console.error('Failed to create the integration', err);
      setSetup(IDLE);
    }
  }, []);

  /** Restores the newest chat integration once the apps and the state are known. */
  useEffect(() => {
    if (restored.current || !apps || !state) return;
    restored.current = true;
    const newest = newestChatIntegration(state.account.integrations);
    if (!newest) return;
    if (!isUuid(newest.id)) {
      console.warn('Ignoring a stored integration with an invalid id', newest.id);
      return;
    }
    const app = appOfProvider(apps, newest.provider);
    if (!app) return;
    if (newest.status === 'active' && (newest.isActivated || app.authType === 'none')) {
      setSetup({ ...IDLE, phase: 'connected', app, integrationId: newest.id });
      return;
    }
    // The state carries no key: selecting again answers 'Integration already exists' with it.
    void create(app);
  }, [apps, state, create]);

  const status = useQuery({
    queryKey: onboardingKeys.integrationStatus(setup.integrationId ?? ''),
    queryFn: ({ signal }) => fetchIntegrationStatus(setup.integrationId as string, signal),
    enabled: setup.phase === 'waiting' && Boolean(setup.integrationId),
    retry: false,
    gcTime: 0,
    refetchInterval: () =>
      setup.pollStartedAt !== null && pollingExpired(setup.pollStartedAt, Date.now()) ? false : POLL_INTERVAL_MS,
  });

  useEffect(() => {
    if (setup.phase !== 'waiting') return;
    if (status.data?.integration.isActivated) setSetup((s) => ({ ...s, phase: 'connected' }));
  }, [status.data, setup.phase]);

  useEffect(() => {
    if (setup.phase !== 'waiting' || !status.error) return;
    if (isApiError(status.error, 404)) setSetup(IDLE);
    else console.error('Failed to check the integration status', status.error);
  }, [status.error, setup.phase]);

  useEffect(() => {
    if (setup.phase === 'connected') refreshState();
  }, [setup.phase, refreshState]);

  const choose = useCallback(
    (app: ChatApp) => {
      if (app.authType === 'none') setSetup({ ...IDLE, app });
      else void create(app);
    },
    [create],
  );

  const removeCurrent = async (): Promise<boolean> => {
    setCancelFailed(false);
    try {
      if (setup.integrationId) await deleteWizardIntegration(setup.integrationId);
      return true;
    } catch (err) {
      console.error('Failed to delete the integration', err);
      setCancelFailed(true);
      return false;
    }
  };

  const cancel = async () => {
    setBusy('cancel');
    const removed = await removeCurrent();
    setBusy(null);
    if (!removed) return;
    setSetup(IDLE);
    refreshState();
    void queryClient.invalidateQueries({ queryKey: onboardingKeys.chatApps });
  };

  /** Returns false when there is no demo app, so the caller moves on to step 2. */
  const switchToDemo = async (): Promise<boolean> => {
    setBusy('demo');
    const removed = await removeCurrent();
    setBusy(null);
    if (!removed) return true;
    refreshState();
    const demo = apps?.find((a) => a.authType === 'none' && a.available);
    if (!demo) {
      setSetup(IDLE);
      return false;
    }
    setSetup({ ...IDLE, app: demo });
    return true;
  };

  const startDemo = async (chatAppName: string) => {
    if (!setup.app) return;
    if (setup.integrationId) {
      setSetup((s) => ({ ...s, phase: 'connected' }));
      return;
    }
    setBusy('start');
    const name = customChatAppName(chatAppName);
    if (name) {
      try {
        await saveCustomChatApp(name);
      } catch (err) {
        console.error('Failed to save the chat app name', err);
      }
    }
    await create(setup.app);
    setBusy(null);
  };

  const connectOauth = async () => {
    if (!setup.app) return;
    setBusy('oauth');
    try {
      const { authUrl } = await startOauth(setup.app.provider);
      window.location.assign(authUrl);
    } catch (err) {
      console.error('Failed to start the authorization', err);
      setBusy(null);
    }
  };

  const pollingStopped =
    setup.phase === 'waiting' && setup.pollStartedAt !== null && status.isFetched && !status.isFetching
      ? pollingExpired(setup.pollStartedAt, Date.now())
      : false;

  return {
    setup,
    busy,
    cancelFailed,
    pollingStopped,
    choose,
    cancel,
    switchToDemo,
    startDemo,
    connectOauth,
    /** Back to the cards without deleting anything (the demo form before creation). */
    reset: () => setSetup(IDLE),
  };
}
