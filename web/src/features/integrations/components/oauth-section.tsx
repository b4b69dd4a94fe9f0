import type { IntegrationDetail } from '@overlap/contract/integrations';
import { Link2, RefreshCw } from 'lucide-react';
import { Banner } from '../../../ui/banner';
import { Button } from '../../../ui/button';
import { Card, CardContent, CardHeader } from '../../../ui/card';
import { toast } from '../../../ui/toaster';
import { useStartAuthorization } from '../api/oauth';
import { providerName } from '../lib/oauth-return';

/**
 * An OAuth service's authorization (001 §2 Setup): 'Connect {name}' until an access token exists,
 * then the connected state with Re-authorize, the masked token while running, and a clear state
 * when the grant was revoked or the provider connection is down.
 */
export function OAuthSection({ integration }: { integration: IntegrationDetail }) {
  const oauth = integration.oauth;
  const start = useStartAuthorization(oauth?.provider ?? '', integration.id);
  if (!oauth) return null;
  const name = integration.service.name;
  const teamName = typeof integration.config.team_name === 'string' ? integration.config.team_name : null;
  const running = integration.status === 'active';
  const begin = () =>
    start.mutate(undefined, {
      onError: () => toast.error(`Failed to start ${providerName(oauth.provider)} authorization. Please try again.`),
    });

  const action = (label: string, primary: boolean) => (
    <Button
      variant={primary ? 'primary' : 'secondary'}
      size="sm"
      icon={primary ? <Link2 /> : <RefreshCw />}
      loading={start.isPending || start.isSuccess}
      disabled={!oauth.configured}
      onClick={begin}
    >
      {label}
    </Button>
  );

  return (
    <Card>
      <CardHeader
        title="Authorization"
        description={`Overlap reads your team's ${integration.kind === 'presence' ? 'presence' : 'activity'} from ${name} with this authorization.`}
        actions={
          integration.connected ? action('Re-authorize', oauth.needsReauthorization) : action(`Connect ${name}`, true)
        }
      />
      <CardContent className="flex flex-col gap-3 text-sm">
        {!oauth.configured ? (
          <Banner tone="warning">
            {name} sign-in is not configured on this server. An operator has to register the app and set its client
            credentials first.
          </Banner>
        ) : null}
        {oauth.needsReauthorization ? (
          <Banner tone="danger" title="Needs re-authorization">
            {integration.connectionError ?? `The ${name} authorization was revoked or has expired.`} Overlap stopped
            polling until you authorize again.
          </Banner>
        ) : integration.connectionError ? (
          <Banner tone="warning" title="Connection problem">
            {integration.connectionError}
          </Banner>
        ) : null}
        {integration.connected ? (
          <dl className="grid gap-x-6 gap-y-3 sm:grid-cols-2">
            <div className="flex flex-col gap-0.5">
              <dt className="text-[13px] text-muted">Status</dt>
              <dd className="font-medium text-fg">
                {oauth.needsReauthorization ? 'Authorization expired' : `Connected${teamName ? ` to ${teamName}` : ''}`}
              </dd>
            </div>
            {running && integration.maskedSecrets.access_token ? (
              <div className="flex flex-col gap-0.5">
                <dt className="text-[13px] text-muted">Access token</dt>
                <dd className="font-mono text-fg" data-testid="masked-token">
                  {integration.maskedSecrets.access_token}
                </dd>
              </div>
            ) : null}
          </dl>
        ) : (
          <p className="text-muted">
            Not connected. Once you authorize, the first people appear within a minute; until then nothing is polled.
          </p>
        )}
      </CardContent>
    </Card>
  );
}
