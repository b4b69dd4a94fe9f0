import { Activity, ArrowRight, CircleCheck, Plug, RefreshCw, UserPlus } from 'lucide-react';
import { useSearchParams } from 'react-router';
import { Banner } from '../../../ui/banner';
import { Button } from '../../../ui/button';
import { Card } from '../../../ui/card';
import { Spinner } from '../../../ui/spinner';
import { useActivatedPlan } from '../hooks/use-activated-plan';
import { useCompleteOnboarding } from '../hooks/use-complete-onboarding';
import { sessionIdPreview } from '../lib/success-timing';

const NEXT_STEPS = [
  { icon: Plug, text: 'Set up your first integration' },
  { icon: UserPlus, text: 'Invite team members' },
  { icon: Activity, text: 'Start tracking activity' },
];

export default function SuccessPage() {
  const [params] = useSearchParams();
  const session = sessionIdPreview(params.get('session_id'));
  const activation = useActivatedPlan(params.get('session_id'));
  const { status, redirecting, buttonShown, retry, goHome } = useCompleteOnboarding();

  return (
    <div className="mx-auto flex max-w-lg flex-col gap-5 py-4 sm:py-10">
      <Card className="px-6 py-8 text-center sm:px-10">
        <div className="mx-auto mb-4 flex size-12 items-center justify-center rounded-full bg-emerald-50 text-emerald-600 dark:bg-emerald-500/10 dark:text-emerald-400">
          <CircleCheck className="size-6" aria-hidden="true" />
        </div>
        <h1 className="text-2xl font-semibold tracking-tight text-fg">Welcome</h1>
        <p className="mt-1.5 text-sm text-muted" aria-live="polite">
          {activation.headline}
        </p>
        {activation.detail ? <p className="tabular mt-0.5 text-[13px] text-muted">{activation.detail}</p> : null}

        <div className="mt-6 rounded-lg border border-line bg-canvas px-4 py-4 text-left">
          <h2 className="text-[13px] font-semibold text-fg">What's next</h2>
          <ul className="mt-2.5 flex flex-col gap-2">
            {NEXT_STEPS.map(({ icon: Icon, text }) => (
              <li key={text} className="flex items-center gap-2.5 text-sm text-fg">
                <Icon className="size-4 shrink-0 text-accent-text" aria-hidden="true" />
                {text}
              </li>
            ))}
          </ul>
        </div>

        {session ? (
          <p className="mt-4 text-xs text-muted">
            Session <span className="font-mono">{session}</span>
          </p>
        ) : null}

        <div className="mt-6 flex min-h-9 flex-col items-center gap-3" aria-live="polite">
          {status === 'completing' ? (
            <span className="flex items-center gap-2 text-sm text-muted">
              <Spinner size="sm" />
              Finishing your setup...
            </span>
          ) : null}
          {redirecting ? <span className="text-sm text-muted">Redirecting...</span> : null}
          {buttonShown && status !== 'failed' ? (
            <Button variant="primary" onClick={goHome} disabled={status !== 'completed'}>
              Go to Dashboard Now
              <ArrowRight aria-hidden="true" />
            </Button>
          ) : null}
        </div>
      </Card>
      {status === 'failed' ? (
        <Banner
          tone="danger"
          action={
            <Button size="sm" icon={<RefreshCw />} onClick={retry}>
              Try again
            </Button>
          }
        >
          Failed to complete onboarding. Please try again.
        </Banner>
      ) : null}
    </div>
  );
}
