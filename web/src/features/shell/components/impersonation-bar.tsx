import { UserRoundCheck } from 'lucide-react';
import { Button } from '../../../ui/button';
import { STOP_IMPERSONATION_ERROR, useStopImpersonation } from '../api/stop-impersonation';

interface ImpersonationBarProps {
  accountName: string | null;
  userEmail: string | null;
}

/** Shown above the header while a superadmin acts as an account user, with the way back. */
export function ImpersonationBar({ accountName, userEmail }: ImpersonationBarProps) {
  const stop = useStopImpersonation();
  return (
    <div className="border-b border-amber-300/60 bg-amber-50 text-amber-950 dark:border-amber-500/25 dark:bg-amber-500/10 dark:text-amber-100">
      <div className="mx-auto flex min-h-10 max-w-screen-2xl flex-wrap items-center gap-x-3 gap-y-1 px-4 py-1.5 text-[13px] sm:px-6">
        <UserRoundCheck className="size-4 shrink-0 text-amber-600 dark:text-amber-400" aria-hidden="true" />
        <p className="min-w-0 flex-1">
          Impersonating <span className="font-semibold">{userEmail ?? 'a user'}</span>
          {accountName ? (
            <>
              {' '}
              in <span className="font-semibold">{accountName}</span>
            </>
          ) : null}
        </p>
        {stop.isError ? (
          <p role="alert" className="text-red-700 dark:text-red-300">
            {STOP_IMPERSONATION_ERROR}
          </p>
        ) : null}
        <Button
          size="sm"
          variant="secondary"
          loading={stop.isPending}
          onClick={() => stop.mutate()}
          className="border-amber-300 bg-white/70 dark:border-amber-500/30 dark:bg-transparent"
        >
          Exit
        </Button>
      </div>
    </div>
  );
}
