import { Plug, Users } from 'lucide-react';
import { useState } from 'react';
import { Badge, RoleBadge, StatusBadge } from '../../../ui/badge';
import { Banner } from '../../../ui/banner';
import { Button, ButtonLink } from '../../../ui/button';
import { EmptyState } from '../../../ui/empty-state';
import { ProgressBar, UsageBar } from '../../../ui/progress-bar';
import { Skeleton } from '../../../ui/skeleton';
import { Example, Section } from './section';

export function FeedbackSection() {
  const [dismissed, setDismissed] = useState(false);
  return (
    <Section id="feedback" title="Status and feedback" description="Green, amber and red only ever mean state.">
      <div className="flex flex-col gap-3">
        <Banner tone="info" title="Free plan">
          Integration data refreshes every 10 minutes.
        </Banner>
        <Banner
          tone="warning"
          action={
            <ButtonLink to="/styleguide#feedback" size="sm" variant="secondary">
              check integrations
            </ButtonLink>
          }
        >
          2 integrations haven't run in the last hour
        </Banner>
        <Banner tone="danger">
          Your account has been suspended. Please visit your account settings to resolve this issue.
        </Banner>
        {dismissed ? (
          <Button variant="ghost" size="sm" className="self-start" onClick={() => setDismissed(false)}>
            Show the dismissible banner again
          </Button>
        ) : (
          <Banner tone="info" onDismiss={() => setDismissed(true)}>
            We have 3 unassigned people.
          </Banner>
        )}
      </div>
      <Example label="Badges">
        <Badge>Neutral</Badge>
        <Badge tone="info">Info</Badge>
        <Badge tone="success">Success</Badge>
        <Badge tone="warning">Warning</Badge>
        <Badge tone="danger">Danger</Badge>
        <span className="mx-1 h-5 w-px bg-line" aria-hidden="true" />
        <RoleBadge userRole="superadmin" />
        <RoleBadge userRole="manager" />
        <RoleBadge userRole="user" />
        <RoleBadge userRole="disabled" />
        <span className="mx-1 h-5 w-px bg-line" aria-hidden="true" />
        <StatusBadge status="active" />
        <StatusBadge status="pending" />
        <StatusBadge status="suspended" />
        <StatusBadge status="past_due" />
        <StatusBadge status="ignored" />
      </Example>
      <div className="grid gap-4 rounded-lg border border-line bg-surface p-5 sm:grid-cols-3">
        <UsageBar label="People" used={3} limit={10} />
        <UsageBar label="Integrations" used={13} limit={20} />
        <UsageBar label="Users" used={9} limit={10} />
        <div className="sm:col-span-3">
          <p className="mb-2 text-xs font-medium text-muted">Progress</p>
          <ProgressBar value={42} label="Import progress" />
        </div>
      </div>
      <div className="grid gap-4 sm:grid-cols-2">
        <div className="flex flex-col gap-3 rounded-lg border border-line bg-surface p-5">
          <div className="flex items-center gap-3">
            <Skeleton className="size-8 rounded-full" />
            <div className="flex flex-1 flex-col gap-2">
              <Skeleton className="h-3.5 w-2/5" />
              <Skeleton className="h-3 w-1/4" />
            </div>
          </div>
          <Skeleton className="h-24 w-full" />
          <Skeleton className="h-3 w-3/4" />
        </div>
        <EmptyState
          icon={Users}
          description="No one is being tracked yet. Connect a tool and people appear here as they get active."
          action={
            <ButtonLink to="/styleguide#feedback" variant="primary" size="sm" icon={<Plug />}>
              Add integration
            </ButtonLink>
          }
        />
      </div>
    </Section>
  );
}
