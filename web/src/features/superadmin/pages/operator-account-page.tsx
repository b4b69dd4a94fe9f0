import { Building2 } from 'lucide-react';
import { useParams } from 'react-router';
import { useTimePreferences } from '../../../lib/use-time-preferences';
import { RetryBanner } from '../../../ui/retry-banner';
import { Skeleton } from '../../../ui/skeleton';
import { useOperatorAccount } from '../api/accounts';
import { AccountHeader } from '../components/account/account-header';
import { AccountStats } from '../components/account/account-stats';
import { AdminSection } from '../components/account/admin-section';
import { BillingSection } from '../components/account/billing-section';
import { DetailsSection } from '../components/account/details-section';
import { FeaturesSection } from '../components/account/features-section';
import { LimitsSection } from '../components/account/limits-section';
import { MaintenanceSection } from '../components/account/maintenance-section';
import { SignupSection } from '../components/account/signup-section';
import { UsersSection } from '../components/account/users-section';
import { isMissingRecord, RecordNotFound } from '../components/record-not-found';

/** /superadmin/accounts/{id}: everything an operator knows and can change about one account. */
export default function OperatorAccountPage() {
  // Every time on the page follows a new 12/24-hour or timezone setting at once.
  useTimePreferences();
  const { id = '' } = useParams();
  const account = useOperatorAccount(id);

  if (account.isError && isMissingRecord(account.error)) {
    return (
      <RecordNotFound
        icon={Building2}
        title="Account not found"
        backTo="/superadmin?tab=accounts"
        backLabel="Back to accounts"
        width="max-w-6xl"
      />
    );
  }
  const data = account.data;
  return (
    <div className="mx-auto flex w-full max-w-6xl flex-col gap-6 px-4 py-8 sm:px-6">
      {account.isError && !data ? (
        <RetryBanner onRetry={() => void account.refetch()}>The account could not be loaded.</RetryBanner>
      ) : !data ? (
        <div className="flex flex-col gap-4" aria-busy="true">
          <Skeleton className="h-10 w-72" />
          <Skeleton className="h-20 w-full" />
          <Skeleton className="h-64 w-full" />
        </div>
      ) : (
        <>
          <AccountHeader account={data} />
          <AccountStats account={data} />
          <div className="grid grid-cols-1 gap-4 lg:grid-cols-2">
            <DetailsSection account={data} />
            <AdminSection account={data} />
            <BillingSection account={data} />
            <div className="flex min-w-0 flex-col gap-4">
              <LimitsSection account={data} />
              <FeaturesSection account={data} />
            </div>
            <SignupSection account={data} />
            <MaintenanceSection account={data} />
          </div>
          <UsersSection account={data} />
        </>
      )}
    </div>
  );
}
