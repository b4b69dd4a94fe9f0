import type { OperatorAccount } from '@overlap/contract/superadmin';
import { DELETE_BEFORE_TERMINATE } from '@overlap/contract/superadmin';
import { ArrowLeft, Ban, Pause, Play, Trash2 } from 'lucide-react';
import { useNavigate } from 'react-router';
import { StatusBadge } from '../../../../ui/badge';
import { Button, ButtonLink } from '../../../../ui/button';
import { ConfirmDialog } from '../../../../ui/confirm-dialog';
import { CopyIconButton } from '../../../../ui/copy-icon-button';
import { InlineField } from '../../../../ui/inline-field';
import { Tooltip } from '../../../../ui/tooltip';
import { useAccountAction, useRenameOperatorAccount } from '../../api/accounts';
import { displayAccountName } from '../../lib/account-name';

const failed = (action: string) => `Failed to ${action} account. Please try again.`;

/** Name (editable), id, status, and the status actions: Terminate, Delete (only once terminated), Suspend, Activate. */
export function AccountHeader({ account }: { account: OperatorAccount }) {
  const rename = useRenameOperatorAccount(account.id);
  const action = useAccountAction();
  const navigate = useNavigate();
  const terminated = account.status === 'terminated';
  const name = displayAccountName(account.name, account.id);
  const run = (what: 'terminate' | 'delete' | 'suspend' | 'activate') =>
    action.mutateAsync({ id: account.id, action: what });

  return (
    <div className="flex flex-col gap-4">
      <ButtonLink to="/superadmin?tab=accounts" variant="ghost" size="sm" icon={<ArrowLeft />} className="self-start">
        All accounts
      </ButtonLink>
      <div className="flex flex-wrap items-start justify-between gap-4">
        <div className="flex min-w-0 flex-col gap-1.5">
          <InlineField
            label="Account name"
            value={account.name}
            display={name}
            maxLength={100}
            valueClassName="text-2xl font-semibold tracking-tight"
            inputClassName="h-10 text-lg font-semibold"
            failureText={failed('rename')}
            onSave={(value) => rename.mutateAsync(String(value))}
          />
          <div className="flex flex-wrap items-center gap-2 text-[13px] text-muted">
            <StatusBadge status={account.status} />
            <span className="font-mono">{account.id}</span>
            <CopyIconButton value={account.id} label="Copy account id" />
          </div>
        </div>
        <div className="flex flex-wrap items-center gap-2">
          {account.status === 'active' ? (
            <ConfirmDialog
              trigger={<Button icon={<Pause />}>Suspend</Button>}
              title={`Suspend ${name}?`}
              description="Its members can still sign in and read, but every change is refused until an operator activates the account again."
              confirmLabel="Suspend"
              onConfirm={() => run('suspend')}
              errorOf={() => failed('suspend')}
            />
          ) : (
            <ConfirmDialog
              trigger={<Button icon={<Play />}>Activate</Button>}
              title={`Activate ${name}?`}
              description="Its members get full use of the account again."
              confirmLabel="Activate"
              onConfirm={() => run('activate')}
              errorOf={() => failed('activate')}
            />
          )}
          {terminated ? null : (
            <ConfirmDialog
              trigger={
                <Button variant="secondary" icon={<Ban />} className="text-red-700 dark:text-red-400">
                  Terminate
                </Button>
              }
              title={`Terminate ${name}?`}
              description="Its members are limited to the account page and billing; integrations stop being useful to them. You can activate it again, or delete it afterwards."
              tone="danger"
              confirmLabel="Terminate"
              onConfirm={() => run('terminate')}
              errorOf={() => failed('terminate')}
            />
          )}
          <ConfirmDialog
            trigger={
              terminated ? (
                <Button variant="danger" icon={<Trash2 />}>
                  Delete
                </Button>
              ) : (
                <Tooltip content={DELETE_BEFORE_TERMINATE}>
                  {/* biome-ignore lint/a11y/noNoninteractiveTabindex: a disabled button gets no hover or focus, so its wrapper carries the tooltip */}
                  <span tabIndex={0} className="inline-flex">
                    <Button variant="danger" icon={<Trash2 />} disabled>
                      Delete
                    </Button>
                  </span>
                </Tooltip>
              )
            }
            title={`Delete ${name} for good?`}
            description="Its users, people, integrations and all activity are deleted. This cannot be undone."
            tone="danger"
            confirmLabel="Delete account"
            onConfirm={async () => {
              await run('delete');
              navigate('/superadmin?tab=accounts', { replace: true });
            }}
            errorOf={(err) =>
              err instanceof Error && err.message === DELETE_BEFORE_TERMINATE
                ? DELETE_BEFORE_TERMINATE
                : failed('delete')
            }
          />
        </div>
      </div>
    </div>
  );
}
