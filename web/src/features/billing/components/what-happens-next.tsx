import { CalendarCheck, RefreshCw, Zap } from 'lucide-react';

const STEPS = [
  {
    icon: Zap,
    title: 'Instant real-time updates',
    text: 'Your integrations refresh at the faster interval right away.',
  },
  {
    icon: CalendarCheck,
    title: '7-day free trial',
    text: 'Nothing is charged before the trial ends. One trial per account.',
  },
  {
    icon: RefreshCw,
    title: 'Cancel anytime',
    text: 'Cancel from Manage billing; the plan stays until the period ends.',
  },
];

export function WhatHappensNext() {
  return (
    <section aria-labelledby="what-next" className="flex flex-col gap-3">
      <h2 id="what-next" className="text-base font-semibold text-fg">
        What happens next?
      </h2>
      <ol className="grid gap-3 sm:grid-cols-3">
        {STEPS.map(({ icon: Icon, title, text }, i) => (
          <li key={title} className="flex gap-3 rounded-lg border border-line bg-surface p-4">
            <span className="flex size-6 shrink-0 items-center justify-center rounded-full bg-accent-soft text-xs font-semibold text-accent-text">
              {i + 1}
            </span>
            <div>
              <h3 className="flex items-center gap-1.5 text-sm font-semibold text-fg">
                <Icon className="size-3.5 text-muted" aria-hidden="true" />
                {title}
              </h3>
              <p className="mt-1 text-[13px] text-muted">{text}</p>
            </div>
          </li>
        ))}
      </ol>
    </section>
  );
}
