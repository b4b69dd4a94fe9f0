import { Check, Lock } from 'lucide-react';
import { Link } from 'react-router';
import { cn } from '../../../lib/cn';

interface WizardStepsProps {
  current: 1 | 2 | null;
  stepOneDone: boolean;
  onNavigate?: () => void;
}

function Marker({ n, done, active, locked }: { n: number; done: boolean; active: boolean; locked: boolean }) {
  return (
    <span
      aria-hidden="true"
      className={cn(
        'flex size-7 shrink-0 items-center justify-center rounded-full border text-xs font-semibold tabular',
        done &&
          !active &&
          'border-emerald-500/40 bg-emerald-50 text-emerald-700 dark:bg-emerald-500/10 dark:text-emerald-300',
        active && 'border-accent bg-accent text-white',
        !done && !active && 'border-line-strong bg-surface text-muted',
      )}
    >
      {locked ? <Lock className="size-3.5" /> : done && !active ? <Check className="size-3.5" /> : n}
    </span>
  );
}

const rowClasses = 'flex items-start gap-3 rounded-md px-2.5 py-2';

/** The two onboarding steps; step 2 stays locked until step 1 is done (spec 001 §2). */
export function WizardSteps({ current, stepOneDone, onNavigate }: WizardStepsProps) {
  const stepOneTarget = current === 2 ? '/onboarding/step1?force=true' : '/onboarding/step1';
  return (
    <nav aria-label="Onboarding steps">
      <ol className="flex flex-col gap-1">
        <li>
          <Link
            to={stepOneTarget}
            onClick={onNavigate}
            aria-current={current === 1 ? 'step' : undefined}
            className={cn(rowClasses, 'hover:bg-subtle', current === 1 && 'bg-subtle')}
          >
            <Marker n={1} done={stepOneDone} active={current === 1} locked={false} />
            <span className="min-w-0 pt-0.5">
              <span className="block text-sm font-medium text-fg">Select Team Chat</span>
              <span className="block text-xs text-muted">or get demo data</span>
            </span>
          </Link>
        </li>
        <li>
          {stepOneDone ? (
            <Link
              to="/onboarding/step2"
              onClick={onNavigate}
              aria-current={current === 2 ? 'step' : undefined}
              className={cn(rowClasses, 'hover:bg-subtle', current === 2 && 'bg-subtle')}
            >
              <Marker n={2} done={false} active={current === 2} locked={false} />
              <span className="min-w-0 pt-0.5">
                <span className="block text-sm font-medium text-fg">Choose Your Plan</span>
                <span className="block text-xs text-muted">Free, or a 7-day trial</span>
              </span>
            </Link>
          ) : (
            <div className={cn(rowClasses, 'cursor-not-allowed')} aria-disabled="true">
              <Marker n={2} done={false} active={false} locked />
              <span className="min-w-0 pt-0.5">
                <span className="block text-sm font-medium text-muted">Choose Your Plan</span>
                <span className="block text-xs text-muted">Complete step 1 to unlock</span>
              </span>
            </div>
          )}
        </li>
      </ol>
    </nav>
  );
}
