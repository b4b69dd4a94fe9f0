import type { IntegrationDetail } from '@overlap/contract/integrations';
import { formatDateTime } from '../../../lib/format-time';
import { Card, CardContent, CardHeader } from '../../../ui/card';
import { integrationColor } from '../lib/color';
import { ApiKeySection } from './api-key-section';
import { ColorSection } from './color-section';
import { ConfigSection } from './config-section';
import { OAuthSection } from './oauth-section';
import { WebhookSection } from './webhook-section';

const when = (iso: string | null) => (iso ? formatDateTime(iso) : 'Never');

function Overview({ integration }: { integration: IntegrationDetail }) {
  const rows: [string, string][] = [
    ['Service', integration.service.name],
    ['Kind', integration.kind === 'presence' ? 'Presence' : 'Events'],
    ['Created', when(integration.createdAt)],
    ['Last data received', when(integration.lastConnectedAt)],
    ['Last run', when(integration.lastRunAt)],
    ['Refreshes every', `${integration.service.intervalMinutes} min`],
  ];
  return (
    <Card>
      <CardHeader title="Overview" />
      <CardContent>
        <dl className="grid gap-x-6 gap-y-3 text-sm sm:grid-cols-2">
          {rows.map(([label, value]) => (
            <div key={label} className="flex flex-col gap-0.5">
              <dt className="text-[13px] text-muted">{label}</dt>
              <dd className="tabular font-medium text-fg">{value}</dd>
            </div>
          ))}
        </dl>
      </CardContent>
    </Card>
  );
}

export function SetupTab({ integration }: { integration: IntegrationDetail }) {
  return (
    <div className="grid gap-4">
      <Overview integration={integration} />
      <WebhookSection integration={integration} />
      <OAuthSection integration={integration} />
      <ApiKeySection integration={integration} />
      <ColorSection
        key={integrationColor(integration)}
        integrationId={integration.id}
        color={integrationColor(integration)}
      />
      <ConfigSection key={`${integration.status}-${JSON.stringify(integration.config)}`} integration={integration} />
    </div>
  );
}
