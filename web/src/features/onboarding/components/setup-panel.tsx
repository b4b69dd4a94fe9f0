import { Spinner } from '../../../ui/spinner';
import type { useIntegrationSetup } from '../hooks/use-integration-setup';
import { ConnectedPanel } from './connected-panel';
import { DemoSetupPanel } from './demo-setup-panel';
import { OauthSetupPanel } from './oauth-setup-panel';
import { TokenSetupPanel } from './token-setup-panel';

type SetupApi = ReturnType<typeof useIntegrationSetup>;

/** What step 1 shows under the cards for the chosen app, by setup phase. */
export function SetupPanel({ wizard, onNoDemo }: { wizard: SetupApi; onNoDemo: () => void }) {
  const { setup, busy } = wizard;
  const app = setup.app;
  if (!app) return null;
  if (setup.phase === 'connected') return <ConnectedPanel demo={app.authType === 'none'} />;
  if (app.authType === 'none' && (setup.phase === 'idle' || setup.phase === 'creating')) {
    return (
      <DemoSetupPanel
        starting={busy === 'start' || setup.phase === 'creating'}
        onStart={wizard.startDemo}
        onCancel={wizard.reset}
      />
    );
  }
  if (setup.phase === 'connecting') {
    return (
      <OauthSetupPanel
        appName={app.name}
        connecting={busy === 'oauth'}
        cancelling={busy === 'cancel'}
        onConnect={wizard.connectOauth}
        onCancel={wizard.cancel}
      />
    );
  }
  if (setup.phase === 'waiting' && setup.apiKey) {
    return (
      <TokenSetupPanel
        appName={app.name}
        apiKey={setup.apiKey}
        curlCommand={setup.curlCommand}
        pollingStopped={wizard.pollingStopped}
        busy={busy === 'cancel' || busy === 'demo' ? busy : null}
        onCancel={wizard.cancel}
        onUseDemo={async () => {
          if (!(await wizard.switchToDemo())) onNoDemo();
        }}
      />
    );
  }
  if (setup.phase === 'creating') {
    return (
      <p role="status" className="flex items-center gap-2 text-sm text-muted">
        <Spinner size="sm" />
        Creating the integration...
      </p>
    );
  }
  return null;
}
