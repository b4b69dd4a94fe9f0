import type { AccountUser } from '@overlap/contract/users';
import { RefreshCw, Users } from 'lucide-react';
import { useSession } from '../../../api/session';
import { formatDate } from '../../../lib/format-time';
import { canManage } from '../../../lib/roles';
import { Badge, RoleBadge } from '../../../ui/badge';
import { EmptyState } from '../../../ui/empty-state';
import { LoadingRows } from '../../../ui/loading-rows';
import { RetryBanner } from '../../../ui/retry-banner';
import { Table, type TableColumn } from '../../../ui/table';
import { useUsers } from '../api/users';
import { InviteDialog } from './invite-dialog';
import { UserActions } from './user-actions';

const dateOf = (iso: string | null) => (iso ? formatDate(iso) : 'Never');

/** The account's users: role badges, pending invitations and, for managers, every action. */
export function UsersTab() {
  const session = useSession();
  const users = useUsers();
  const me = session.data;
  const mayManage = canManage(me?.role);

  const columns: TableColumn<AccountUser>[] = [
    {
      key: 'email',
      header: 'User',
      primary: true,
      cell: (u) => (
        <div className="flex min-w-0 flex-col">
          <span className="truncate font-medium text-fg">
            {u.email}
            {u.id === me?.id ? <span className="ml-1.5 text-xs font-normal text-muted">(you)</span> : null}
          </span>
        </div>
      ),
    },
    {
      key: 'role',
      header: 'Role',
      cell: (u) => (
        <div className="flex flex-wrap gap-1.5">
          <RoleBadge userRole={u.role} />
          {u.emailVerifiedAt ? null : (
            <Badge tone="warning" dot>
              Pending
            </Badge>
          )}
        </div>
      ),
    },
    {
      key: 'lastLogin',
      header: 'Last login',
      cell: (u) => (
        <span className="tabular text-muted">
          {u.emailVerifiedAt ? dateOf(u.lastLogin) : `Invited ${dateOf(u.invitation?.lastSentAt ?? u.createdAt)}`}
        </span>
      ),
    },
    {
      key: 'created',
      header: 'Added',
      cell: (u) => <span className="tabular text-muted">{dateOf(u.createdAt)}</span>,
    },
    ...(mayManage
      ? [
          {
            key: 'actions',
            header: <span className="sr-only">Actions</span>,
            mobileLabel: 'Actions',
            align: 'right' as const,
            cell: (u: AccountUser) => <UserActions user={u} isSelf={u.id === me?.id} />,
          },
        ]
      : []),
  ];

  return (
    <section aria-labelledby="users-heading" className="flex flex-col gap-4">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h2 id="users-heading" className="text-base font-semibold tracking-tight">
            Users
          </h2>
          <p className="text-sm text-muted">
            {mayManage
              ? 'Invite people to sign in, and choose what they may do.'
              : 'Everyone who can sign in to this account.'}
          </p>
        </div>
        {mayManage ? <InviteDialog /> : null}
      </div>
      {users.isPending ? (
        <LoadingRows label="Loading users" rows={3} rowClassName="h-12 w-full" />
      ) : users.isError ? (
        <RetryBanner onRetry={() => users.refetch()} label="Retry" icon={<RefreshCw />}>
          Failed to load users: {users.error.message}
        </RetryBanner>
      ) : (
        <Table
          columns={columns}
          rows={users.data.users}
          rowKey={(u) => u.id}
          caption="Account users"
          empty={<EmptyState icon={Users} description="No users yet." />}
        />
      )}
    </section>
  );
}
