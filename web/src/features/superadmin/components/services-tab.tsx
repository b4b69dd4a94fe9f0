import type { AdminService } from '@overlap/contract/service-admin';
import { Blocks, Trash2 } from 'lucide-react';
import { useNavigate } from 'react-router';
import { cn } from '../../../lib/cn';
import { formatDate } from '../../../lib/format-time';
import { Badge } from '../../../ui/badge';
import { Button } from '../../../ui/button';
import { ConfirmDialog } from '../../../ui/confirm-dialog';
import { EmptyState } from '../../../ui/empty-state';
import { IconButton } from '../../../ui/icon-button';
import { ProviderIcon } from '../../../ui/provider-icon';
import { RetryBanner } from '../../../ui/retry-banner';
import { Skeleton } from '../../../ui/skeleton';
import { useDeleteService, useServices, useUpdateService } from '../api/services';
import { AddServiceDialog } from './add-service-dialog';

const serviceError = (action: string) => `Failed to ${action} service. Please try again.`;

function ServiceRow({ service }: { service: AdminService }) {
  const navigate = useNavigate();
  const update = useUpdateService();
  const remove = useDeleteService();
  const toggleLabel = service.enabled ? 'Disable' : 'Enable';
  return (
    <li className="group flex flex-wrap items-center gap-3 border-b border-line px-4 py-3 last:border-b-0 hover:bg-subtle/50">
      <button
        type="button"
        onClick={() => navigate(`/superadmin/services/${service.id}`)}
        className="flex min-w-0 flex-1 basis-64 items-center gap-3 text-left"
      >
        <ProviderIcon provider={service.provider} />
        <span
          className={cn(
            'size-2 shrink-0 rounded-full',
            service.enabled ? 'bg-emerald-500' : 'bg-zinc-300 dark:bg-zinc-600',
          )}
          role="img"
          aria-label={service.enabled ? 'Enabled' : 'Disabled'}
        />
        <span className="flex min-w-0 flex-col">
          <span className="truncate font-medium text-fg group-hover:text-accent-text">{service.name}</span>
          <span className="truncate font-mono text-xs text-muted">{service.provider}</span>
        </span>
      </button>
      <span className="tabular hidden w-44 flex-col text-xs text-muted md:flex">
        <span>Created {formatDate(service.createdAt)}</span>
        <span>Updated {formatDate(service.updatedAt)}</span>
      </span>
      <span className="md:w-24">{service.tokenAuthentication ? <Badge tone="accent">Token Auth</Badge> : null}</span>
      <span className="ml-auto flex items-center gap-1">
        <ConfirmDialog
          trigger={
            <Button size="sm" variant="secondary">
              {toggleLabel}
            </Button>
          }
          title={`${toggleLabel} ${service.name}?`}
          description={
            service.enabled
              ? 'Customers can no longer add it, and its integrations show "service disabled".'
              : 'Customers can add it again.'
          }
          confirmLabel={toggleLabel}
          onConfirm={() => update.mutateAsync({ id: service.id, patch: { enabled: !service.enabled } })}
          errorOf={() => serviceError(service.enabled ? 'disable' : 'enable')}
        />
        <ConfirmDialog
          trigger={<IconButton size="sm" label={`Delete ${service.name}`} icon={<Trash2 />} />}
          title={`Delete ${service.name}?`}
          description={
            service.integrationsCount > 0
              ? `It has ${service.integrationsCount} integration${service.integrationsCount === 1 ? '' : 's'}; the server will refuse. Disable it instead.`
              : 'The service and its description and schema are removed. This cannot be undone.'
          }
          tone="danger"
          confirmLabel="Delete"
          onConfirm={() => remove.mutateAsync(service.id)}
          errorOf={(err) => `${serviceError('delete')}${err instanceof Error && err.message ? ` ${err.message}` : ''}`}
        />
      </span>
    </li>
  );
}

/** The service catalogue: each service with its state, and Add Service. */
export function ServicesTab() {
  const services = useServices();
  return (
    <div className="flex flex-col gap-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <p className="text-sm text-muted">
          Services customers can connect. Click one to edit its description, schema and settings.
        </p>
        <AddServiceDialog />
      </div>
      {services.isError && !services.data ? (
        <RetryBanner onRetry={() => void services.refetch()}>The services could not be loaded.</RetryBanner>
      ) : !services.data ? (
        <div className="flex flex-col gap-2" aria-busy="true">
          {Array.from({ length: 4 }, (_, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: static placeholders
            <Skeleton key={i} className="h-14 w-full" />
          ))}
        </div>
      ) : services.data.length === 0 ? (
        <EmptyState icon={Blocks} description="No services configured" />
      ) : (
        <ul aria-label="Services" className="overflow-hidden rounded-lg border border-line bg-surface">
          {services.data.map((service) => (
            <ServiceRow key={service.id} service={service} />
          ))}
        </ul>
      )}
    </div>
  );
}
