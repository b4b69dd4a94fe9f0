import { ArrowLeft, Blocks } from 'lucide-react';
import { useParams } from 'react-router';
import { useTimePreferences } from '../../../lib/use-time-preferences';
import { Badge, StatusBadge } from '../../../ui/badge';
import { ButtonLink } from '../../../ui/button';
import { ProviderIcon } from '../../../ui/provider-icon';
import { RetryBanner } from '../../../ui/retry-banner';
import { Skeleton } from '../../../ui/skeleton';
import { Tabs } from '../../../ui/tabs';
import { useService } from '../api/services';
import { isMissingRecord, RecordNotFound } from '../components/record-not-found';
import { ConfigTab } from '../components/service/config-tab';
import { DescriptionTab } from '../components/service/description-tab';
import { IntegrationsTab } from '../components/service/integrations-tab';

/** /superadmin/services/{id}: description (default), integrations and configuration, bound to ?tab=. */
export default function ServicePage() {
  // Every time on the page follows a new 12/24-hour or timezone setting at once.
  useTimePreferences();
  const { id = '' } = useParams();
  const service = useService(id);

  if (service.isError && isMissingRecord(service.error)) {
    return (
      <RecordNotFound
        icon={Blocks}
        title="Service not found"
        backTo="/superadmin?tab=services"
        backLabel="Back to services"
        width="max-w-5xl"
      />
    );
  }
  const data = service.data;
  return (
    <div className="mx-auto flex w-full max-w-5xl flex-col gap-6 px-4 py-8 sm:px-6">
      <ButtonLink to="/superadmin?tab=services" variant="ghost" size="sm" icon={<ArrowLeft />} className="self-start">
        All services
      </ButtonLink>
      {service.isError && !data ? (
        <RetryBanner onRetry={() => void service.refetch()}>The service could not be loaded.</RetryBanner>
      ) : !data ? (
        <Skeleton className="h-48 w-full" />
      ) : (
        <>
          <div className="flex flex-wrap items-center gap-3">
            <ProviderIcon provider={data.provider} className="size-10" />
            <div className="min-w-0">
              <h1 className="truncate text-2xl font-semibold tracking-tight">{data.name}</h1>
              <p className="flex flex-wrap items-center gap-2 text-[13px] text-muted">
                <span className="font-mono">{data.provider}</span>
                <StatusBadge
                  status={data.enabled ? 'active' : 'stopped'}
                  label={data.enabled ? 'Enabled' : 'Disabled'}
                />
                {data.tokenAuthentication ? <Badge tone="accent">Token Auth</Badge> : null}
                <span>
                  {data.integrationsCount} integration{data.integrationsCount === 1 ? '' : 's'}
                </span>
              </p>
            </div>
          </div>
          <Tabs
            aria-label="Service sections"
            defaultValue="description"
            items={[
              { value: 'description', label: 'Description', content: <DescriptionTab service={data} /> },
              {
                value: 'integrations',
                label: 'Integrations',
                count: data.integrationsCount,
                content: <IntegrationsTab serviceId={data.id} />,
              },
              { value: 'config', label: 'Configuration', content: <ConfigTab key={data.updatedAt} service={data} /> },
            ]}
          />
        </>
      )}
    </div>
  );
}
