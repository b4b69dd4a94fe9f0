import { ArrowRight, CircleCheck, Sparkles } from 'lucide-react';
import { ButtonLink } from '../../../ui/button';

/** Step 1 is done: the data flows (or the demo source runs). */
export function ConnectedPanel({ demo }: { demo: boolean }) {
  return (
    <div className="flex flex-col gap-4">
      <div
        role="status"
        className="flex items-start gap-2.5 rounded-md border border-emerald-200 bg-emerald-50 px-3 py-2.5 text-sm text-emerald-900 dark:border-emerald-500/25 dark:bg-emerald-500/10 dark:text-emerald-100"
      >
        {demo ? (
          <Sparkles className="mt-0.5 size-4 shrink-0 text-emerald-600 dark:text-emerald-400" aria-hidden="true" />
        ) : (
          <CircleCheck className="mt-0.5 size-4 shrink-0 text-emerald-600 dark:text-emerald-400" aria-hidden="true" />
        )}
        <span>
          {demo
            ? 'Receiving demo data... What app are you using for team chat?'
            : '✓ Data received! Integration is working'}
        </span>
      </div>
      <div className="flex sm:justify-end">
        <ButtonLink to="/onboarding/step2" variant="primary" className="w-full sm:w-auto">
          Done, let's go to step 2
          <ArrowRight aria-hidden="true" />
        </ButtonLink>
      </div>
    </div>
  );
}
