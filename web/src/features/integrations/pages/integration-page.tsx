import { ArrowLeft, Lock, RefreshCw, SearchX } from 'lucide-react';
import { useParams, useSearchParams } from 'react-router';
import { isApiError } from '../../../api/client';
import { useTimePreferences } from '../../../lib/use-time-preferences';
import { ButtonLink } from '../../../ui/button';
import { EmptyState } from '../../../ui/empty-state';
import { RetryBanner } from '../../../ui/retry-banner';
import { Skeleton } from '../../../ui/skeleton';
import { Tabs } from '../../../ui/tabs';
import { useIntegration } from '../api/integrations';
import { DataTab } from '../components/data-tab';
import { DocumentationTab } from '../components/documentation-tab';
import { IntegrationHeader } from '../components/integration-header';
import { LogTab } from '../components/log-tab';
import { PeopleTab } from '../components/people-tab';
import { SetupTab } from '../components/setup-tab';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const shell = 'mx-auto flex w-full max-w-5xl flex-col gap-6 px-4 py-8 sm:px-6';

function NotFound() {
  return (
    <div className={shell}>
      <EmptyState
        icon={SearchX}
        title="Integration not found"
        description="It may have been deleted, or it belongs to another account."
        action={
          <ButtonLink to="/account" icon={<ArrowLeft className="size-4" />}>
            Back to integrations
          </ButtonLink>
        }
      />
    </div>
  );
}

function Detail({ id }: { id: string }) {
  const integration = useIntegration(id);
  const [searchParams] = useSearchParams();
  const onboarding = searchParams.get('onboarding') === 'true';

  if (integration.isPending) {
    return (
      <div className={shell} role="status" aria-label="Loading integration">
        <Skeleton className="h-4 w-24" />
        <Skeleton className="h-9 w-72" />
        <Skeleton className="h-10 w-full" />
        <Skeleton className="h-64 w-full" />
      </div>
    );
  }
  if (integration.isError) {
    if (isApiError(integration.error, 404) || isApiError(integration.error, 400)) return <NotFound />;
    if (isApiError(integration.error, 403)) {
      return (
        <div className={shell}>
          <EmptyState icon={Lock} description="Only managers can see and change integration details." />
        </div>
      );
    }
    return (
      <div className={shell}>
        <RetryBanner onRetry={() => integration.refetch()} label="Try Again" icon={<RefreshCw />}>
          Failed to fetch integration data: {integration.error.message}
        </RetryBanner>
      </div>
    );
  }

  const data = integration.data;
  const items = [
    { value: 'setup', label: 'Setup', content: <SetupTab integration={data} /> },
    { value: 'documentation', label: 'Documentation', content: <DocumentationTab integration={data} /> },
    ...(onboarding
      ? []
      : [
          { value: 'data', label: 'Data', content: <DataTab integrationId={id} /> },
          {
            value: 'people',
            label: 'People',
            count: data.personIntegrationsCount,
            content: <PeopleTab integrationId={id} />,
          },
          { value: 'log', label: 'Log', content: <LogTab integration={data} /> },
        ]),
  ];
  return (
    <div className={shell}>
      <IntegrationHeader integration={data} />
      <Tabs items={items} defaultValue="setup" aria-label="Integration sections" />
    </div>
  );
}

/** /integrations/:id — header, and the Setup, Documentation, Data, People and Log tabs (?tab=). */
export default function IntegrationPage() {
  // Every time on the page follows a new 12/24-hour or timezone setting at once.
  useTimePreferences();
  const { id } = useParams();
  if (!id || !UUID.test(id)) return <NotFound />;
  return <Detail key={id} id={id} />;
}
