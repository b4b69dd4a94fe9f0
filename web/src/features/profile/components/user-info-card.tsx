import { RefreshCw } from 'lucide-react';
import { formatDateTime } from '../../../lib/format-time';
import { RoleBadge } from '../../../ui/badge';
import { Card, CardContent, CardHeader } from '../../../ui/card';
import { RetryBanner } from '../../../ui/retry-banner';
import { Skeleton } from '../../../ui/skeleton';
import { useMyInfo } from '../api/profile';
import { ResetPasswordDialog } from './reset-password-dialog';

const when = (iso: string | null) => (iso ? formatDateTime(iso) : 'Never');

export function UserInfoCard() {
  const me = useMyInfo();
  return (
    <Card>
      <CardHeader title="Your profile" />
      <CardContent>
        {me.isPending ? (
          <Skeleton className="h-32 w-full" />
        ) : me.isError ? (
          <RetryBanner onRetry={() => me.refetch()} label="Retry" icon={<RefreshCw />}>
            Failed to load your profile: {me.error.message}
          </RetryBanner>
        ) : (
          <div className="flex flex-col gap-5">
            <dl className="divide-y divide-line text-sm">
              <div className="flex justify-between gap-4 py-2.5">
                <dt className="text-muted">Email</dt>
                <dd className="truncate font-medium text-fg">{me.data.email}</dd>
              </div>
              <div className="flex items-center justify-between gap-4 py-2.5">
                <dt className="text-muted">Role</dt>
                <dd>
                  <RoleBadge userRole={me.data.role} />
                </dd>
              </div>
              <div className="flex justify-between gap-4 py-2.5">
                <dt className="text-muted">Last login</dt>
                <dd className="tabular font-medium text-fg">{when(me.data.lastLogin)}</dd>
              </div>
              <div className="flex justify-between gap-4 py-2.5">
                <dt className="text-muted">Created</dt>
                <dd className="tabular font-medium text-fg">{when(me.data.createdAt)}</dd>
              </div>
            </dl>
            <ResetPasswordDialog email={me.data.email} />
          </div>
        )}
      </CardContent>
    </Card>
  );
}
