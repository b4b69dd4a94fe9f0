import type { IntegrationDetail } from '@overlap/contract/integrations';
import { ApiCallsSection } from './api-calls-section';
import { RunsSection } from './runs-section';
import { StatisticsSection } from './statistics-section';

export function LogTab({ integration }: { integration: IntegrationDetail }) {
  return (
    <div className="flex flex-col gap-8">
      <RunsSection integrationId={integration.id} />
      <StatisticsSection integrationId={integration.id} />
      {integration.service.tokenAuthentication ? <ApiCallsSection integrationId={integration.id} /> : null}
    </div>
  );
}
