import type { Person, UnassignedUser } from '@overlap/contract/people';
import { ArrowUpLeft, EyeOff, GitMerge, UserPlus } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { formatRelativeTime } from '../../../lib/relative-time';
import { Avatar } from '../../../ui/avatar';
import { Badge, StatusBadge } from '../../../ui/badge';
import { Button } from '../../../ui/button';
import { Card } from '../../../ui/card';
import { ConfirmDialog } from '../../../ui/confirm-dialog';
import { toast } from '../../../ui/toaster';
import { useIgnoreUnassigned, useResurrect } from '../api/people';
import { ActivateDialog } from './activate-dialog';
import { MergeDialog } from './merge-dialog';

const label = (u: { name: string | null; email?: string | null; personIdentifier: string | null }) =>
  u.name || u.email || u.personIdentifier || 'Unnamed';

function Integrations({ user }: { user: UnassignedUser }) {
  return (
    <div className="flex flex-wrap gap-1.5">
      {user.personIntegrations.map((pi) => (
        <Link key={pi.id} to={`/people-integrations/${pi.id}`} className="rounded-full focus-visible:outline-offset-1">
          <Badge tone="neutral">{pi.integration.name}</Badge>
        </Link>
      ))}
    </div>
  );
}

function UserSummary({ user }: { user: UnassignedUser }) {
  return (
    <div className="flex min-w-0 items-start gap-3">
      <Avatar id={user.id} name={user.name} email={user.email} size="lg" />
      <div className="min-w-0 flex-1">
        <p className="truncate font-medium text-fg">{label(user)}</p>
        <p className="truncate text-[13px] text-muted">
          {user.personIdentifier ?? 'No identifier'}
          {user.email && user.email !== user.personIdentifier ? ` · ${user.email}` : ''}
        </p>
        <p className="tabular mt-1 text-xs text-muted">
          {user.activityCount} activities · last seen {user.lastSeenAt ? formatRelativeTime(user.lastSeenAt) : 'never'}
        </p>
      </div>
    </div>
  );
}

interface UnassignedCardProps {
  user: UnassignedUser;
  people: readonly Person[];
  canManage: boolean;
  atLimit: boolean;
  /** Chosen for 'Ignore selected' (managers). */
  selected?: boolean;
  onSelect?: (id: string, selected: boolean) => void;
}

/**
 * An unassigned user: activate as a person, merge into one, or ignore. When an active person has
 * the same e-mail, merging into them is offered first.
 */
export function UnassignedCard({ user, people, canManage, atLimit, selected, onSelect }: UnassignedCardProps) {
  const [dialog, setDialog] = useState<'activate' | 'merge' | null>(null);
  const ignore = useIgnoreUnassigned();
  const suggestion = user.mergeSuggestion;
  const activate = (
    <Button
      size="sm"
      variant={suggestion ? 'secondary' : 'primary'}
      icon={<UserPlus />}
      disabled={atLimit}
      onClick={() => setDialog('activate')}
    >
      Activate
    </Button>
  );
  return (
    <Card className="relative flex flex-col gap-3 p-4" data-testid="unassigned-card">
      {canManage && onSelect ? (
        <input
          type="checkbox"
          className="absolute top-3 right-3 size-4 accent-[var(--color-accent)]"
          checked={selected ?? false}
          onChange={(e) => onSelect(user.id, e.target.checked)}
          aria-label={`Select ${label(user)}`}
        />
      ) : null}
      <UserSummary user={user} />
      <Integrations user={user} />
      {suggestion ? (
        <p className="flex items-center gap-1.5 text-[13px] text-fg" data-testid="merge-suggestion">
          <GitMerge className="size-3.5 shrink-0 text-accent-text" aria-hidden="true" />
          Same e-mail as <span className="font-medium">{suggestion.name || 'an active person'}</span>
        </p>
      ) : null}
      {canManage ? (
        <div className="mt-auto flex flex-wrap gap-2 border-t border-line pt-3">
          {suggestion ? (
            <Button size="sm" variant="primary" icon={<GitMerge />} onClick={() => setDialog('merge')}>
              Merge into {suggestion.name || 'this person'}
            </Button>
          ) : null}
          {activate}
          {suggestion ? null : (
            <Button size="sm" icon={<GitMerge />} onClick={() => setDialog('merge')} disabled={people.length === 0}>
              Merge
            </Button>
          )}
          <ConfirmDialog
            trigger={
              <Button size="sm" variant="ghost" icon={<EyeOff />}>
                Ignore
              </Button>
            }
            title={`Ignore ${label(user)}?`}
            description="Their activity stops counting and they leave this list. You can move them back from the Ignored tab."
            confirmLabel="Ignore"
            tone="danger"
            onConfirm={() =>
              ignore.mutateAsync(user.id).then(
                () => toast.success(`${label(user)} is ignored`),
                (err: Error) => toast.error(`Failed to ignore ${label(user)}`, { description: err.message }),
              )
            }
          />
        </div>
      ) : null}
      {canManage && atLimit ? (
        <p className="-mt-1 text-xs text-muted">Activation is blocked: your plan's people limit is reached.</p>
      ) : null}
      {dialog === 'activate' ? <ActivateDialog user={user} onClose={() => setDialog(null)} /> : null}
      {dialog === 'merge' ? (
        <MergeDialog user={user} people={people} suggested={suggestion} onClose={() => setDialog(null)} />
      ) : null}
    </Card>
  );
}

/** An ignored user: move back to unassigned. */
export function IgnoredCard({ user, canManage }: { user: UnassignedUser; canManage: boolean }) {
  const resurrect = useResurrect();
  return (
    <Card className="flex flex-col gap-3 p-4" data-testid="ignored-card">
      <UserSummary user={user} />
      <Integrations user={user} />
      {canManage ? (
        <div className="mt-auto border-t border-line pt-3">
          <Button
            size="sm"
            icon={<ArrowUpLeft />}
            loading={resurrect.isPending}
            onClick={() =>
              resurrect.mutate(user.id, {
                onSuccess: () => toast.success(`${label(user)} moved back to unassigned`),
                onError: (err) => toast.error(`Failed to move ${label(user)} back`, { description: err.message }),
              })
            }
          >
            Move back to unassigned
          </Button>
        </div>
      ) : null}
    </Card>
  );
}

/** An active person: links to the person page. */
export function PersonCard({ person }: { person: Person }) {
  return (
    <Link
      to={`/people/${person.id}`}
      className="group flex items-center gap-3 rounded-lg border border-line bg-surface p-4 transition-colors hover:border-line-strong hover:bg-subtle/50"
      data-testid="person-card"
    >
      <Avatar
        id={person.id}
        name={person.name}
        email={person.email}
        color={person.color}
        size="lg"
        online={person.isOnline}
      />
      <div className="min-w-0 flex-1">
        <p className="truncate font-medium text-fg">{person.name || person.email || 'Unnamed person'}</p>
        <p className="truncate text-[13px] text-muted">{person.email ?? person.personIdentifier ?? person.timezone}</p>
        <p className="tabular mt-0.5 text-xs text-muted">
          {person.isOnline
            ? 'Online now'
            : `Last seen ${person.lastSeenAt ? formatRelativeTime(person.lastSeenAt) : 'never'}`}{' '}
          · {person.timezone}
        </p>
      </div>
      <div className="flex shrink-0 flex-col items-end gap-1">
        <StatusBadge status={person.status} />
        {person.isDemo ? <Badge tone="accent">Demo</Badge> : null}
      </div>
    </Link>
  );
}
