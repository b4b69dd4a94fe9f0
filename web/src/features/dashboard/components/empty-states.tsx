import { EyeOff, Sparkles, Users } from 'lucide-react';
import { Link } from 'react-router';
import { ButtonLink } from '../../../ui/button';
import { EmptyState } from '../../../ui/empty-state';

/** People were seen but nobody is assigned yet. */
export function NewActivityEmptyState({ unassigned }: { unassigned: number }) {
  return (
    <EmptyState
      icon={Sparkles}
      title="New team activity detected!"
      description={`${unassigned} ${unassigned === 1 ? 'person is' : 'people are'} waiting to be assigned before they appear on the timeline.`}
      action={
        <ButtonLink to="/people?tab=unassigned" variant="primary">
          Review {unassigned} unassigned {unassigned === 1 ? 'person' : 'people'}
        </ButtonLink>
      }
    />
  );
}

/** Nothing tracked yet: how to start. */
export function WelcomeEmptyState() {
  return (
    <div className="flex flex-col items-center rounded-lg border border-dashed border-line-strong px-6 py-12 text-center">
      <div className="mb-4 flex size-10 items-center justify-center rounded-lg border border-line bg-surface text-muted">
        <Users className="size-5" aria-hidden="true" />
      </div>
      <h2 className="text-base font-semibold text-fg">Welcome to your team activity dashboard</h2>
      <p className="mt-1 max-w-md text-sm text-muted">
        Once an integration reports activity, everyone shows up here with their day at a glance.
      </p>
      <NextSteps className="mt-5" />
      <ButtonLink to="/integrations/add" variant="primary" className="mt-6">
        Connect a chat app
      </ButtonLink>
    </div>
  );
}

const NEXT_STEPS = [
  { to: '/integrations/add', link: 'Connect your chat app', rest: 'so Overlap sees who is around.' },
  { to: '/people?tab=unassigned', link: 'Assign people', rest: 'as they appear, to put them on the timeline.' },
  { to: '/account?tab=users', link: 'Invite your team', rest: 'so everyone can see when the others are online.' },
];

/** The three steps after signing up, each with its link. */
export function NextSteps({ className }: { className?: string }) {
  return (
    <ol className={`grid max-w-md gap-2 text-left text-sm text-fg ${className ?? ''}`} aria-label="Next steps">
      {NEXT_STEPS.map((step, i) => (
        <li key={step.to} className="flex gap-3">
          <span className="tabular flex size-5 shrink-0 items-center justify-center rounded-full bg-accent-soft text-xs font-semibold text-accent-text">
            {i + 1}
          </span>
          <span>
            <Link to={step.to} className="font-medium text-accent-text underline underline-offset-2 hover:no-underline">
              {step.link}
            </Link>{' '}
            {step.rest}
          </span>
        </li>
      ))}
    </ol>
  );
}

/** Everybody is hidden on this browser. */
export function AllHiddenEmptyState({ count }: { count: number }) {
  return (
    <EmptyState
      icon={EyeOff}
      title="Everyone is hidden"
      description={`You hid all ${count} people from the timeline on this browser.`}
      action={<ButtonLink to="/profile">Manage timeline visibility</ButtonLink>}
    />
  );
}
