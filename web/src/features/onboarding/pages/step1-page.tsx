import { RefreshCw } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { useOnboardingState } from '../../../api/session';
import { Banner } from '../../../ui/banner';
import { RetryBanner } from '../../../ui/retry-banner';
import { Skeleton } from '../../../ui/skeleton';
import { useChatApps } from '../api/onboarding';
import { ChatAppCard } from '../components/chat-app-card';
import { SetupPanel } from '../components/setup-panel';
import { StepHeading } from '../components/step-heading';
import { useIntegrationSetup } from '../hooks/use-integration-setup';
import { stepOneRedirect } from '../lib/setup-state';

export default function Step1Page() {
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const state = useOnboardingState(true);
  const chatApps = useChatApps();
  const checked = useRef(false);
  const apps = chatApps.data?.chatApps;
  const redirect = stepOneRedirect(state.data, params.get('force'));
  const leaving = !checked.current && redirect !== null;
  const wizard = useIntegrationSetup(leaving ? undefined : apps, state.data);

  // Only the first look at the state decides; later refreshes (after connecting) must not move the user.
  useEffect(() => {
    if (checked.current || state.isPending) return;
    checked.current = true;
    if (redirect) navigate(redirect, { replace: true });
  }, [state.isPending, redirect, navigate]);

  useEffect(() => {
    if (chatApps.error) console.error('Failed to load the chat apps', chatApps.error);
  }, [chatApps.error]);

  const { setup } = wizard;
  const chosen = setup.app;
  const panel = useRef<HTMLElement>(null);
  const chosenId = chosen?.id;

  // The panel sits under every card: bring it into view when an app is chosen (long lists on phones).
  useEffect(() => {
    if (!chosenId) return;
    const reduce = window.matchMedia?.('(prefers-reduced-motion: reduce)').matches;
    panel.current?.scrollIntoView?.({ block: 'nearest', behavior: reduce ? 'auto' : 'smooth' });
  }, [chosenId]);

  return (
    <div className="flex flex-col gap-6">
      <StepHeading
        step={1}
        title="Choose Your Integration App"
        description="Connect the chat app your team uses, so Overlap can see who is active. No chat app at hand? Start with demo data."
      />
      {wizard.cancelFailed ? (
        <Banner tone="danger">The integration could not be deleted. Please try again.</Banner>
      ) : null}
      {chatApps.isPending || leaving ? (
        <div className="grid gap-3 sm:grid-cols-2" aria-busy="true">
          {['a', 'b', 'c', 'd'].map((k) => (
            <Skeleton key={k} className="h-24" />
          ))}
        </div>
      ) : chatApps.error ? (
        <RetryBanner onRetry={() => chatApps.refetch()} label="Retry" icon={<RefreshCw />}>
          The chat apps could not be loaded.
        </RetryBanner>
      ) : apps && apps.length === 0 ? (
        <Banner tone="warning">
          No chat apps are enabled on this server yet. Ask your administrator to enable one.
        </Banner>
      ) : (
        <ul className="grid gap-3 sm:grid-cols-2" aria-label="Chat apps">
          {apps?.map((app) => (
            <li key={app.id}>
              <ChatAppCard
                app={app}
                selected={chosen?.id === app.id}
                dimmed={chosen !== null && chosen.id !== app.id}
                creating={chosen?.id === app.id && setup.phase === 'creating'}
                onChoose={wizard.choose}
              />
            </li>
          ))}
        </ul>
      )}
      {chosen ? (
        <section
          ref={panel}
          aria-label={`Set up ${chosen.name}`}
          className="scroll-mb-6 rounded-lg border border-line bg-surface p-4 sm:p-5"
        >
          <h2 className="mb-3 text-sm font-semibold text-fg">{chosen.name}</h2>
          <SetupPanel wizard={wizard} onNoDemo={() => navigate('/onboarding/step2')} />
        </section>
      ) : null}
    </div>
  );
}
