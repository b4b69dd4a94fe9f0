import type { OperatorAccount } from '@overlap/contract/superadmin';
import { Link } from 'react-router';
import { formatDate } from '../../../lib/format-time';
import { formatDateAgo } from '../../../lib/relative-time';
import { Badge, StatusBadge } from '../../../ui/badge';
import { CopyIconButton } from '../../../ui/copy-icon-button';
import { displayAccountName } from '../lib/account-name';
import { billingBadge, planLabel } from '../lib/billing-badge';
import { ImpersonateButton } from './impersonate-button';
import { UsageMeter } from './usage-meter';

/** The columns of the accounts list, shared by the header and each row. */
export const ACCOUNT_GRID =
  'lg:grid lg:grid-cols-[minmax(0,2.3fr)_minmax(0,2.2fr)_3.5rem_5.5rem_5.5rem_6.5rem_minmax(0,1.3fr)] lg:items-center lg:gap-4';

function SelectedIntegrations({ names }: { names: string[] }) {
  if (names.length === 0) return <span className="text-muted">—</span>;
  const shown = names.slice(0, 2);
  return (
    <span className="flex min-w-0 flex-wrap items-center gap-1">
      {shown.map((n) => (
        <Badge key={n} className="max-w-28 truncate">
          {n}
        </Badge>
      ))}
      {names.length > 2 ? <span className="text-xs text-muted">+{names.length - 2}</span> : null}
    </span>
  );
}

const Label = ({ children }: { children: string }) => <span className="text-xs text-muted lg:sr-only">{children}</span>;
const CELL = 'flex min-w-0 flex-col gap-1 lg:block';

/** One account: name, status and billing, admin with copy and impersonate, users, plan, usage, signup. */
export function AccountRow({ account, now }: { account: OperatorAccount; now: Date }) {
  const name = displayAccountName(account.name, account.id);
  const billing = billingBadge(account, now);
  const selected = account.signupData?.details?.selectedIntegrations ?? [];
  return (
    <li
      className={`grid grid-cols-2 gap-x-4 gap-y-3 rounded-lg border border-line bg-surface p-3 lg:rounded-none lg:border-0 lg:border-b lg:px-4 lg:py-3 ${ACCOUNT_GRID}`}
    >
      <div className="col-span-2 flex min-w-0 flex-col gap-1 lg:col-span-1">
        <Link
          to={`/superadmin/accounts/${account.id}`}
          className="truncate font-medium text-fg hover:text-accent-text hover:underline"
        >
          {name}
        </Link>
        <div className="flex flex-wrap items-center gap-1.5">
          <StatusBadge status={account.status} />
          <Badge tone={billing.tone}>{billing.label}</Badge>
          {billing.label === planLabel(account.currentPlan) ? null : (
            <span className="text-xs text-muted">{planLabel(account.currentPlan)}</span>
          )}
        </div>
      </div>
      <div className="col-span-2 -my-1 flex min-w-0 items-center gap-1 lg:col-span-1 lg:my-0">
        {account.adminUser ? (
          <>
            <span className="min-w-0 truncate text-[13px] text-fg" title={account.adminUser.email}>
              {account.adminUser.email}
            </span>
            <CopyIconButton value={account.adminUser.email} label="Copy admin email" />
            {account.status === 'active' ? (
              <ImpersonateButton compact accountId={account.id} accountName={name} email={account.adminUser.email} />
            ) : null}
          </>
        ) : (
          <span className="text-[13px] text-muted">No admin user</span>
        )}
      </div>
      <div className={CELL}>
        <Label>Users</Label>
        <span className="tabular text-[13px] text-fg">{account.usersCount}</span>
      </div>
      <div className={CELL}>
        <Label>People</Label>
        <UsageMeter label="People" used={account.peopleCount} max={account.maxPeople} />
      </div>
      <div className={CELL}>
        <Label>Integrations</Label>
        <UsageMeter label="Integrations" used={account.integrationsCount} max={account.maxIntegrations} />
      </div>
      <div className={CELL}>
        <Label>Signed up</Label>
        <span className="flex flex-col text-[13px] leading-tight">
          <span className="text-fg">{formatDateAgo(account.createdAt, now)}</span>
          <span className="tabular text-xs text-muted">{formatDate(account.createdAt)}</span>
        </span>
      </div>
      <div className={`${CELL} col-span-2 lg:col-span-1`}>
        <Label>Selected integrations</Label>
        <SelectedIntegrations names={selected} />
      </div>
    </li>
  );
}
