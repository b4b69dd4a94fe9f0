import type { InvitableRole } from '@overlap/contract/users';
import { CircleCheck, UserPlus } from 'lucide-react';
import { type FormEvent, useEffect, useState } from 'react';
import { ApiError } from '../../../api/client';
import { Banner } from '../../../ui/banner';
import { Button, ButtonLink } from '../../../ui/button';
import { Dialog, DialogContent, DialogTrigger } from '../../../ui/dialog';
import { Field } from '../../../ui/field';
import { Input } from '../../../ui/input';
import { Select } from '../../../ui/select';
import { useInviteUser } from '../api/users';

const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const CLOSE_AFTER_MS = 2000;
const ROLE_OPTIONS = [
  { value: 'user', label: 'User — sees the team timeline' },
  { value: 'manager', label: 'Manager — also manages users and integrations' },
] as const;

function inviteError(err: unknown): string {
  if (err instanceof ApiError) {
    if (err.status === 0) return 'Network error. Please check your connection and try again.';
    if (err.status < 500 && !err.message.startsWith('Request failed')) return err.message;
  }
  return 'Failed to send invitation. Please try again.';
}

/** A refusal by the plan (user limit, Team Management): the dialog offers the upgrade. */
const isUpgradeRequired = (err: unknown): err is ApiError =>
  err instanceof ApiError && (err.body as { code?: string } | undefined)?.code === 'UPGRADE_REQUIRED';

/** Invite dialog: idle, submitting, success (closes after 2 seconds) or error. */
export function InviteDialog() {
  const [open, setOpen] = useState(false);
  const [email, setEmail] = useState('');
  const [role, setRole] = useState<InvitableRole>('user');
  const [touched, setTouched] = useState(false);
  const invite = useInviteUser();
  const trimmed = email.trim();
  const formatOk = EMAIL_PATTERN.test(trimmed);

  useEffect(() => {
    if (!invite.isSuccess) return;
    const timer = setTimeout(() => setOpen(false), CLOSE_AFTER_MS);
    return () => clearTimeout(timer);
  }, [invite.isSuccess]);

  const onOpenChange = (next: boolean) => {
    if (invite.isPending) return;
    setOpen(next);
    if (!next) {
      setEmail('');
      setRole('user');
      setTouched(false);
      invite.reset();
    }
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setTouched(true);
    if (!trimmed || !formatOk || invite.isPending) return;
    invite.mutate({ email: trimmed, role });
  };

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogTrigger asChild>
        <Button variant="primary" icon={<UserPlus />}>
          Invite user
        </Button>
      </DialogTrigger>
      <DialogContent
        title="Invite a user"
        description="They get an email with a link to join this account. The invitation is valid for 7 days."
        footer={
          invite.isSuccess ? null : (
            <>
              <Button variant="secondary" onClick={() => onOpenChange(false)} disabled={invite.isPending}>
                Cancel
              </Button>
              <Button type="submit" form="invite-form" variant="primary" loading={invite.isPending} disabled={!trimmed}>
                Send invitation
              </Button>
            </>
          )
        }
      >
        {invite.isSuccess ? (
          <div
            className="flex items-center gap-3 rounded-lg border border-emerald-200 bg-emerald-50 px-4 py-3 text-emerald-800 dark:border-emerald-500/25 dark:bg-emerald-500/10 dark:text-emerald-200"
            role="status"
          >
            <CircleCheck className="size-5 shrink-0" aria-hidden="true" />
            <p>
              Invitation sent to <strong className="font-medium">{invite.variables?.email}</strong>.
            </p>
          </div>
        ) : (
          <form id="invite-form" onSubmit={submit} className="flex flex-col gap-4" noValidate>
            <Field label="Email" required error={touched && trimmed && !formatOk ? 'Invalid email address' : undefined}>
              <Input
                type="email"
                autoComplete="off"
                placeholder="colleague@company.com"
                value={email}
                autoFocus
                onChange={(e) => setEmail(e.target.value)}
                onBlur={() => {
                  setTouched(true);
                  setEmail((v) => v.trim());
                }}
              />
            </Field>
            <Field label="Role">
              <Select
                options={ROLE_OPTIONS}
                value={role}
                onValueChange={(v) => setRole(v as InvitableRole)}
                aria-label="Role"
              />
            </Field>
            {invite.isError ? (
              isUpgradeRequired(invite.error) ? (
                <Banner
                  tone="warning"
                  title={invite.error.message}
                  action={
                    <ButtonLink to="/upgrade" size="sm" variant="primary">
                      Upgrade plan
                    </ButtonLink>
                  }
                >
                  Would you like to upgrade your plan?
                </Banner>
              ) : (
                <Banner tone="danger">{inviteError(invite.error)}</Banner>
              )
            ) : null}
          </form>
        )}
      </DialogContent>
    </Dialog>
  );
}
