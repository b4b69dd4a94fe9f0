import { UserRoundCheck } from 'lucide-react';
import { Button } from '../../../ui/button';
import { ConfirmDialog } from '../../../ui/confirm-dialog';
import { IconButton } from '../../../ui/icon-button';
import { START_IMPERSONATION_ERROR, useImpersonate } from '../api/impersonate';

export interface ImpersonateButtonProps {
  accountId: string;
  accountName: string;
  /** Who the operator will act as (the account's admin user). */
  email: string;
  /** Icon only (rows) or a labelled button (account page). */
  compact?: boolean;
  disabled?: boolean;
}

/** Asks, then signs in as the account's admin user and goes to / two seconds later. */
export function ImpersonateButton({ accountId, accountName, email, compact, disabled }: ImpersonateButtonProps) {
  const impersonate = useImpersonate();
  const trigger = compact ? (
    <IconButton size="sm" label={`Impersonate ${email}`} icon={<UserRoundCheck />} disabled={disabled} />
  ) : (
    <Button size="sm" icon={<UserRoundCheck />} disabled={disabled}>
      Impersonate
    </Button>
  );
  return (
    <ConfirmDialog
      trigger={trigger}
      title={`Impersonate ${email}?`}
      description={`You will see ${accountName} as this user does, for up to 1 hour. Everything you change is recorded in the account's audit log with your name.`}
      confirmLabel="Impersonate"
      pending={impersonate.isPending || impersonate.isSuccess}
      onOpenChange={(open) => {
        if (!open) impersonate.reset();
      }}
      onConfirm={() => impersonate.mutate(accountId)}
    >
      {impersonate.isSuccess ? (
        <p role="status" className="text-muted">
          Impersonation started. Taking you to the dashboard…
        </p>
      ) : impersonate.isError ? (
        <p role="alert" className="text-red-600 dark:text-red-400">
          {START_IMPERSONATION_ERROR}
        </p>
      ) : null}
    </ConfirmDialog>
  );
}
