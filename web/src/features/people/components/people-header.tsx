import { Sparkles } from 'lucide-react';
import { ButtonLink } from '../../../ui/button';
import { UsageBar } from '../../../ui/progress-bar';
import { isFreePlan, needsAssignmentText } from '../lib/plan-rules';

interface PeopleHeaderProps {
  active: number;
  maxPeople: number | null | undefined;
  plan: string | null | undefined;
  unassigned: number;
}

/** 'People', the plan usage bar, the waiting count and the upgrade call on free plans. */
export function PeopleHeader({ active, maxPeople, plan, unassigned }: PeopleHeaderProps) {
  const waiting = needsAssignmentText(unassigned);
  return (
    <div className="flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
      <div className="min-w-0">
        <h1 className="text-2xl font-semibold tracking-tight">People</h1>
        {waiting ? (
          <p className="mt-1 text-sm text-amber-700 dark:text-amber-400">{waiting}</p>
        ) : (
          <p className="mt-1 text-sm text-muted">Everyone whose activity your integrations report.</p>
        )}
      </div>
      <div className="flex w-full flex-col gap-3 sm:w-80">
        <UsageBar used={active} limit={maxPeople ?? 0} label="Active people" unit="people" />
        {isFreePlan(plan) ? (
          <ButtonLink
            to="/account?tab=billing"
            variant="primary"
            size="sm"
            icon={<Sparkles className="size-3.5" />}
            className="self-end"
          >
            Upgrade Plan
          </ButtonLink>
        ) : null}
      </div>
    </div>
  );
}
