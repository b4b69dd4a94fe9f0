import type { IntegrationDetail } from '@overlap/contract/integrations';
import { ArrowLeft, Settings2, Trash2 } from 'lucide-react';
import { Link, useNavigate } from 'react-router';
import { errorMessage } from '../../../api/client';
import { useOnboardingState, useSession } from '../../../api/session';
import { Badge, StatusBadge } from '../../../ui/badge';
import { Button, ButtonLink } from '../../../ui/button';
import { ConfirmDialog } from '../../../ui/confirm-dialog';
import { toast } from '../../../ui/toaster';
import { useDeleteIntegration, useSetRunning, useUpdateIntegration } from '../api/integrations';
import { integrationColor } from '../lib/color';
import { InlineName } from './inline-name';
import { RunningSwitch } from './running-switch';

function DeleteButton({ integration, onboarding }: { integration: IntegrationDetail; onboarding: boolean }) {
  const navigate = useNavigate();
  const remove = useDeleteIntegration(integration.id);
  return (
    <ConfirmDialog
      trigger={
        <Button variant="secondary" icon={<Trash2 />}>
          Delete
        </Button>
      }
      tone="danger"
      title={`Delete ${integration.name}?`}
      description={`This deletes the integration with all its events, activity blocks and run history, and people who only came from it. Sources using its API key stop working. This cannot be undone.${onboarding ? ' Onboarding starts again.' : ''}`}
      confirmLabel="Delete integration"
      errorOf={(err) => errorMessage(err, 'Failed to delete integration')}
      onConfirm={async () => {
        await remove.mutateAsync();
        toast.success(`${integration.name} deleted`);
        navigate(onboarding ? '/onboarding?step=1' : '/account');
      }}
    />
  );
}

/** Name (inline editable), colour, Running/Stopped, Archived, the start/stop toggle and delete. */
export function IntegrationHeader({ integration }: { integration: IntegrationDetail }) {
  const session = useSession();
  const onboardingState = useOnboardingState(true);
  const rename = useUpdateIntegration(integration.id);
  const toggle = useSetRunning(integration.id);
  const running = integration.status === 'active';
  const archived = integration.archivedAt !== null;
  const onboardingDone = onboardingState.data?.onboarding.completed ?? true;
  const canDelete = !onboardingDone || !running;

  const saveName = async (name: string) => {
    try {
      await rename.mutateAsync({ name });
      toast.success('Name updated');
    } catch (err) {
      toast.error('Failed to update integration name. Please try again.', {
        description: err instanceof Error ? err.message : undefined,
      });
      throw err;
    }
  };

  const setRunning = (next: boolean) =>
    toggle.mutate(next, {
      onSuccess: () => toast.success(next ? `${integration.name} started` : `${integration.name} stopped`),
      onError: (err) => toast.error(err.message || `Failed to ${next ? 'start' : 'stop'} the integration`),
    });

  return (
    <header className="flex flex-col gap-4">
      <Link
        to="/account"
        className="inline-flex w-fit items-center gap-1.5 rounded-sm text-sm text-muted hover:text-fg"
      >
        <ArrowLeft className="size-4" aria-hidden="true" />
        Integrations
      </Link>
      <div className="flex flex-wrap items-start justify-between gap-4">
        <div className="flex min-w-0 flex-1 items-start gap-3">
          <span
            className="mt-2 size-4 shrink-0 rounded ring-1 ring-black/10 ring-inset"
            style={{ backgroundColor: integrationColor(integration) }}
            aria-hidden="true"
          />
          <div className="flex min-w-0 flex-1 flex-col gap-1.5">
            <InlineName name={integration.name} editable={!archived} onSave={saveName} />
            <div className="flex flex-wrap items-center gap-2 text-sm text-muted">
              <span>{integration.service.name}</span>
              <StatusBadge status={running ? 'running' : 'stopped'} label={running ? 'Running' : 'Stopped'} />
              {archived ? <Badge>Archived</Badge> : null}
              {integration.isStale && running ? (
                <Badge tone="warning" dot>
                  No run in the last hour
                </Badge>
              ) : null}
            </div>
          </div>
        </div>
        <div className="flex flex-wrap items-center gap-3">
          {session.data?.role === 'superadmin' ? (
            <ButtonLink to={`/superadmin/services/${integration.service.id}`} icon={<Settings2 className="size-4" />}>
              Manage service
            </ButtonLink>
          ) : null}
          {canDelete ? <DeleteButton integration={integration} onboarding={!onboardingDone} /> : null}
          {archived ? null : (
            <div className="flex items-center gap-2 rounded-md border border-line px-3 py-1.5">
              <span className="text-sm font-medium" aria-hidden="true">
                {running ? 'Running' : 'Stopped'}
              </span>
              <RunningSwitch running={running} pending={toggle.isPending} onToggle={setRunning} />
            </div>
          )}
        </div>
      </div>
    </header>
  );
}
