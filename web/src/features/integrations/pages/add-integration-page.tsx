import type { AvailableService } from '@overlap/contract/integrations';
import { ArrowLeft, Lock, RefreshCw, Search, SearchX } from 'lucide-react';
import { useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { useBillingStatus, usePlanCatalogue } from '../../../api/account';
import { isApiError } from '../../../api/client';
import { useSession } from '../../../api/session';
import { canManage } from '../../../lib/roles';
import { Button } from '../../../ui/button';
import { ConfirmDialog } from '../../../ui/confirm-dialog';
import { EmptyState } from '../../../ui/empty-state';
import { Input } from '../../../ui/input';
import { RetryBanner } from '../../../ui/retry-banner';
import { Skeleton } from '../../../ui/skeleton';
import { toast } from '../../../ui/toaster';
import { useAvailableServices, useCreateIntegration, useIntegrationList } from '../api/integrations';
import { NameCustomDialog } from '../components/name-custom-dialog';
import { ServiceCard } from '../components/service-card';
import {
  CARD_DESCRIPTIONS,
  COMING_SOON,
  catalogueOrder,
  matchesQuery,
  UNAVAILABLE_UNLESS_OFFERED,
} from '../lib/catalogue';
import { lockReason, plainSummary } from '../lib/plan-lock';

const shell = 'mx-auto flex w-full max-w-5xl flex-col gap-6 px-4 py-8 sm:px-6';

function Catalogue() {
  const navigate = useNavigate();
  const services = useAvailableServices();
  const integrations = useIntegrationList();
  const billing = useBillingStatus();
  const plans = usePlanCatalogue();
  const create = useCreateIntegration();
  const [query, setQuery] = useState('');
  const [creating, setCreating] = useState<string | null>(null);
  const [upgradeReason, setUpgradeReason] = useState<string | null>(null);
  const [naming, setNaming] = useState<AvailableService | null>(null);

  const planId = billing.data?.currentPlan ?? '';
  const plan = {
    planId,
    planName: plans.data?.plans.find((p) => p.id === planId)?.name ?? (planId || 'Free'),
    maxIntegrations: billing.data?.maxIntegrations ?? -1,
    maxCustomIntegrations: billing.data?.maxCustomIntegrations ?? -1,
  };
  const lockOf = (service: AvailableService) =>
    billing.data && integrations.data ? lockReason(service, plan, integrations.data.integrations) : null;

  const add = (service: AvailableService, name?: string) => {
    setCreating(service.id);
    create.mutate(
      { serviceId: service.id, ...(name ? { name } : {}) },
      {
        onSuccess: (integration) => {
          setNaming(null);
          if (service.docs_url && /^https?:\/\//i.test(service.docs_url)) {
            window.open(service.docs_url, '_blank', 'noopener,noreferrer');
            navigate('/account');
          } else {
            navigate(`/integrations/${integration.id}`);
          }
        },
        onError: (err) => {
          const body = isApiError(err) ? (err.body as { code?: string } | undefined) : undefined;
          if (body?.code === 'UPGRADE_REQUIRED') {
            setNaming(null);
            setUpgradeReason(err.message);
          } else toast.error(`Failed to create ${service.name} integration. ${err.message}`);
        },
        onSettled: () => setCreating(null),
      },
    );
  };

  const choose = (service: AvailableService) => {
    const lock = lockOf(service);
    if (lock) {
      setUpgradeReason(lock);
      return;
    }
    // A custom source is named first: nothing is created until the name is given.
    if (service.provider === 'custom') setNaming(service);
    else add(service);
  };

  if (services.isPending) {
    return (
      <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3" role="status" aria-label="Loading services">
        {[0, 1, 2].map((n) => (
          <Skeleton key={n} className="h-32" />
        ))}
      </div>
    );
  }
  if (services.isError) {
    return (
      <RetryBanner onRetry={() => services.refetch()} label="Try Again" icon={<RefreshCw />}>
        Failed to fetch data: {services.error.message}
      </RetryBanner>
    );
  }
  const offered = services.data.filter((s) => s.enabled).sort(catalogueOrder);
  const describe = (s: AvailableService) => CARD_DESCRIPTIONS[s.provider] ?? plainSummary(s.description);
  const shown = offered.filter((s) => matchesQuery({ ...s, description: describe(s) }, query));
  const offeredProviders = new Set(offered.map((s) => s.provider));
  const unavailable = UNAVAILABLE_UNLESS_OFFERED.filter(
    (s) => !offeredProviders.has(s.provider) && matchesQuery(s, query),
  );
  const comingSoon = COMING_SOON.filter((s) => !offeredProviders.has(s.provider) && matchesQuery(s, query));
  const nothing = shown.length + unavailable.length + comingSoon.length === 0;
  return (
    <>
      <div className="relative max-w-md">
        <Search
          className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted"
          aria-hidden="true"
        />
        <Input
          type="search"
          aria-label="Search services"
          placeholder="Search services..."
          value={query}
          onChange={(e) => setQuery(e.target.value)}
          className="pl-9"
        />
      </div>
      {nothing ? (
        <EmptyState
          icon={SearchX}
          description={query ? `No services match "${query.trim()}".` : 'No services are available right now.'}
          action={query ? <Button onClick={() => setQuery('')}>Clear search</Button> : undefined}
        />
      ) : (
        <>
          {shown.length + unavailable.length > 0 ? (
            <ul className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3" aria-label="Available services">
              {shown.map((service) => (
                <li key={service.id}>
                  <ServiceCard
                    provider={service.provider}
                    name={service.name}
                    description={describe(service)}
                    category={service.category}
                    availability="available"
                    tokenAuthentication={service.tokenAuthentication}
                    lock={lockOf(service)}
                    busy={creating === service.id}
                    disabled={creating !== null}
                    onChoose={() => choose(service)}
                  />
                </li>
              ))}
              {unavailable.map((s) => (
                <li key={s.provider}>
                  <ServiceCard {...s} availability="unavailable" />
                </li>
              ))}
            </ul>
          ) : null}
          {comingSoon.length > 0 ? (
            <section aria-labelledby="coming-soon-heading" className="flex flex-col gap-3">
              <h2 id="coming-soon-heading" className="text-sm font-semibold text-muted">
                Coming soon
              </h2>
              <ul className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
                {comingSoon.map((s) => (
                  <li key={s.provider}>
                    <ServiceCard {...s} availability="coming-soon" />
                  </li>
                ))}
              </ul>
            </section>
          ) : null}
        </>
      )}
      <NameCustomDialog
        service={naming}
        busy={creating !== null}
        onCancel={() => setNaming(null)}
        onCreate={(service, name) => add(service, name)}
      />
      <ConfirmDialog
        open={upgradeReason !== null}
        onOpenChange={(open) => (open ? null : setUpgradeReason(null))}
        title={upgradeReason ?? ''}
        description="Would you like to upgrade your plan?"
        confirmLabel="Upgrade"
        cancelLabel="Not now"
        onConfirm={() => {
          setUpgradeReason(null);
          navigate('/upgrade');
        }}
      />
    </>
  );
}

/** /integrations/add: search the enabled services and add one (managers). */
export default function AddIntegrationPage() {
  const navigate = useNavigate();
  const location = useLocation();
  // Opened directly (no in-app history), Back goes to the integrations list instead of leaving the app.
  const back = () => (location.key === 'default' ? navigate('/account') : navigate(-1));
  const session = useSession();
  const role = session.data?.role;
  const mayManage = canManage(role);
  return (
    <div className={shell}>
      <div className="flex flex-col gap-3">
        <Button variant="ghost" size="sm" className="w-fit" icon={<ArrowLeft />} onClick={back}>
          Back
        </Button>
        <div>
          <h1 className="text-2xl font-semibold tracking-tight">Add integration</h1>
          <p className="text-sm text-muted">Choose where your team's activity and presence should come from.</p>
        </div>
      </div>
      {session.isPending ? (
        <Skeleton className="h-32 w-full" />
      ) : mayManage ? (
        <Catalogue />
      ) : (
        <EmptyState icon={Lock} description="Only managers can add integrations. Ask a manager of your account." />
      )}
    </div>
  );
}
