import type { OperatorAccount, OperatorUser } from '@overlap/contract/superadmin';
import { Badge, RoleBadge } from '../../../../ui/badge';
import { Skeleton } from '../../../../ui/skeleton';
import { Table, type TableColumn } from '../../../../ui/table';
import { useOperatorUsers } from '../../api/account-tools';
import { displayAccountName } from '../../lib/account-name';
import { ImpersonateButton } from '../impersonate-button';
import { Section, when } from './section';

/** The account's users; impersonation from a row signs in as the account's admin user, as the spec says. */
export function UsersSection({ account }: { account: OperatorAccount }) {
  const users = useOperatorUsers(account.id);
  const canImpersonate = account.status === 'active' && account.adminUser !== null;
  const columns: TableColumn<OperatorUser>[] = [
    {
      key: 'email',
      header: 'User',
      primary: true,
      cell: (u) => (
        <span className="flex min-w-0 flex-col">
          <span className="truncate font-medium text-fg">{u.email}</span>
          {u.firstName ? <span className="text-xs text-muted">{u.firstName}</span> : null}
        </span>
      ),
    },
    {
      key: 'role',
      header: 'Role',
      cell: (u) => (
        <span className="flex flex-wrap gap-1.5">
          <RoleBadge userRole={u.id === account.adminUser?.id ? 'admin' : u.role} />
          {u.emailVerifiedAt ? null : (
            <Badge tone="warning" dot>
              Invited
            </Badge>
          )}
        </span>
      ),
    },
    { key: 'created', header: 'Added', cell: (u) => <span className="tabular text-muted">{when(u.createdAt)}</span> },
    {
      key: 'actions',
      header: <span className="sr-only">Actions</span>,
      mobileLabel: 'Impersonate',
      align: 'right',
      cell: () =>
        canImpersonate && account.adminUser ? (
          <ImpersonateButton
            compact
            accountId={account.id}
            accountName={displayAccountName(account.name, account.id)}
            email={account.adminUser.email}
          />
        ) : null,
    },
  ];
  return (
    <Section title="Account users">
      {users.isError ? (
        <p role="alert" className="text-sm text-red-600 dark:text-red-400">
          Failed to load users
        </p>
      ) : !users.data ? (
        <Skeleton className="h-24 w-full" />
      ) : (
        <Table
          columns={columns}
          rows={users.data.users}
          rowKey={(u) => u.id}
          caption="Account users"
          empty="No users"
          maxHeight="24rem"
        />
      )}
    </Section>
  );
}
