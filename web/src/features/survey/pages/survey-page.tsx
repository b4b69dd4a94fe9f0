import { RefreshCw } from 'lucide-react';
import { useAccount } from '../../../api/account';
import { Card } from '../../../ui/card';
import { RetryBanner } from '../../../ui/retry-banner';
import { Skeleton } from '../../../ui/skeleton';
import { SurveyHeader } from '../components/survey-header';
import { SurveyWizard } from '../components/survey-wizard';
import { draftFromSaved } from '../lib/survey-form';

export default function SurveyPage() {
  const account = useAccount();
  return (
    <div className="flex min-h-dvh flex-col bg-canvas">
      <SurveyHeader />
      <main className="mx-auto w-full max-w-2xl flex-1 px-4 py-8 sm:px-6 sm:py-12">
        {account.isPending ? (
          <SurveySkeleton />
        ) : account.isError ? (
          <RetryBanner onRetry={() => account.refetch()} label="Retry" icon={<RefreshCw />}>
            Failed to load the survey: {account.error.message}
          </RetryBanner>
        ) : (
          <SurveyWizard
            key={account.data.id}
            initial={draftFromSaved(account.data.signupData?.survey, account.data.name)}
          />
        )}
        <p className="mt-6 text-center text-xs text-muted">Your answers are saved as you go.</p>
      </main>
    </div>
  );
}

function SurveySkeleton() {
  return (
    <div className="flex flex-col gap-6" role="status" aria-label="Loading the survey">
      <div className="flex flex-col gap-2">
        <Skeleton className="h-4 w-24" />
        <Skeleton className="h-1.5 w-full" />
      </div>
      <Card className="flex flex-col gap-4 px-5 py-6 sm:px-8 sm:py-8">
        <Skeleton className="h-7 w-2/3" />
        <Skeleton className="h-4 w-1/2" />
        <Skeleton className="mt-2 h-10 w-full" />
      </Card>
    </div>
  );
}
