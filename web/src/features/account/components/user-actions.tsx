import type { AccountUser, AssignableRole } from '@overlap/contract/users';
import { ArrowDownCircle, ArrowUpCircle, Ban, CircleCheck, Send, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { ApiError } from '../../../api/client';
import { Button } from '../../../ui/button';
import { ConfirmDialog } from '../../../ui/confirm-dialog';
import { toast } from '../../../ui/toaster';
import { Tooltip } from '../../../ui/tooltip';
import { useChangeRole, useDeleteInvitation, useResendInvitation } from '../api/users';
import { resendWaitText, useResendCountdown } from '../lib/resend-countdown';

type Pending = { kind: 'role'; role: AssignableRole } | { kind: 'resend' } | { kind: 'delete' } | null;

const roleCopy: Record<
  AssignableRole,
  (email: string) => { title: string; description: string; label: string; danger?: boolean }
> = {
  manager: (email) => ({
    title: 'Promote to manager?',
    description: `${email} will be able to invite and manage users and manage integrations.`,
    label: 'Promote',
  }),
  user: (email) => ({
    title: 'Change role to user?',
    description: `${email} will keep seeing the team but can no longer manage users or integrations.`,
    label: 'Change to user',
  }),
  disabled: (email) => ({
    title: 'Disable this user?',
    description: `${email} is signed out everywhere and can no longer sign in until enabled again.`,
    label: 'Disable',
    danger: true,
  }),
};

/** The actions a manager has on one user row; each one asks for confirmation first. */
export function UserActions({ user, isSelf }: { user: AccountUser; isSelf: boolean }) {
  const [pending, setPending] = useState<Pending>(null);
  const navigate = useNavigate();
  const changeRole = useChangeRole();
  const resend = useResendInvitation();
  const remove = useDeleteInvitation();
  const secondsLeft = useResendCountdown(user.canResendAt);
  const verified = Boolean(user.emailVerifiedAt);
  const close = () => setPending(null);

  /**
   * Failed user actions are only logged (spec 001 §8); the list refetches either way. A refusal by
   * the plan (the user limit, Team Management) says so and offers the upgrade.
   */
  const logged = (action: string) => (err: unknown) => {
    console.warn(`${action} failed`, err);
    if (err instanceof ApiError && (err.body as { code?: string } | undefined)?.code === 'UPGRADE_REQUIRED') {
      toast.warning(err.message, {
        description: 'Would you like to upgrade your plan?',
        action: { label: 'Upgrade', onClick: () => navigate('/upgrade') },
      });
    }
    close();
  };
  const confirmRole = (role: AssignableRole) =>
    changeRole.mutateAsync({ id: user.id, role }).then(close, logged('Role change'));

  if (user.role === 'superadmin') return null;

  const buttons = verified ? (
    <>
      {user.role === 'user' ? (
        <Button
          size="sm"
          variant="ghost"
          icon={<ArrowUpCircle />}
          onClick={() => setPending({ kind: 'role', role: 'manager' })}
        >
          Promote
        </Button>
      ) : null}
      {user.role === 'manager' ? (
        <Button
          size="sm"
          variant="ghost"
          icon={<ArrowDownCircle />}
          onClick={() => setPending({ kind: 'role', role: 'user' })}
        >
          Demote
        </Button>
      ) : null}
      {user.role === 'disabled' ? (
        <Button
          size="sm"
          variant="ghost"
          icon={<CircleCheck />}
          onClick={() => setPending({ kind: 'role', role: 'user' })}
        >
          Enable
        </Button>
      ) : isSelf ? null : (
        <Button size="sm" variant="ghost" icon={<Ban />} onClick={() => setPending({ kind: 'role', role: 'disabled' })}>
          Disable
        </Button>
      )}
    </>
  ) : (
    <>
      {secondsLeft > 0 ? (
        <Tooltip content={resendWaitText(secondsLeft)}>
          {/* The wrapper takes the hover (a disabled button ignores the pointer); focus bubbles to it too. */}
          <span className="inline-flex">
            <Button
              size="sm"
              variant="ghost"
              icon={<Send />}
              aria-disabled="true"
              className="cursor-not-allowed opacity-50"
            >
              Resend
            </Button>
          </span>
        </Tooltip>
      ) : (
        <Button size="sm" variant="ghost" icon={<Send />} onClick={() => setPending({ kind: 'resend' })}>
          Resend
        </Button>
      )}
      <Button size="sm" variant="ghost" icon={<Trash2 />} onClick={() => setPending({ kind: 'delete' })}>
        Delete
      </Button>
    </>
  );

  const roleTarget = pending?.kind === 'role' ? pending.role : null;
  const enabling = roleTarget === 'user' && user.role === 'disabled';
  const copy = roleTarget
    ? enabling
      ? {
          title: 'Enable this user?',
          description: `${user.email} can sign in again, with the user role.`,
          label: 'Enable',
          danger: false,
        }
      : roleCopy[roleTarget](user.email)
    : null;

  return (
    <div className="flex flex-wrap justify-end gap-1">
      {buttons}
      <ConfirmDialog
        open={Boolean(copy)}
        onOpenChange={(open) => !open && close()}
        title={copy?.title ?? ''}
        description={copy?.description ?? ''}
        confirmLabel={copy?.label}
        tone={copy?.danger ? 'danger' : 'default'}
        onConfirm={() => (roleTarget ? confirmRole(roleTarget) : undefined)}
      />
      <ConfirmDialog
        open={pending?.kind === 'resend'}
        onOpenChange={(open) => !open && close()}
        title="Resend the invitation?"
        description={`${user.email} gets a new link valid for 7 days; the previous link stops working.`}
        confirmLabel="Resend"
        onConfirm={() => resend.mutateAsync(user.id).then(close, logged('Resend'))}
      />
      <ConfirmDialog
        open={pending?.kind === 'delete'}
        onOpenChange={(open) => !open && close()}
        title="Delete this invitation?"
        description={`The invitation for ${user.email} is deleted and its link stops working. This cannot be undone; you can invite them again later.`}
        confirmLabel="Delete invitation"
        tone="danger"
        onConfirm={() => remove.mutateAsync(user.id).then(close, logged('Delete invitation'))}
      />
    </div>
  );
}
