import { Gauge, TrendingUp, Users } from 'lucide-react';

const REASONS = [
  {
    icon: Gauge,
    title: 'Real-Time Updates',
    text: 'See who is online as it happens: paid plans refresh integration data far more often.',
  },
  {
    icon: TrendingUp,
    title: 'Faster Insights',
    text: 'More people, more integrations and longer history for weekly and yearly patterns.',
  },
  {
    icon: Users,
    title: 'Better Collaboration',
    text: 'Bring the whole team in and find the hours you overlap across timezones.',
  },
];

export function WhyUpgrade() {
  return (
    <section aria-labelledby="why-upgrade" className="flex flex-col gap-3">
      <h2 id="why-upgrade" className="text-base font-semibold text-fg">
        Why Upgrade?
      </h2>
      <ul className="grid gap-3 sm:grid-cols-3">
        {REASONS.map(({ icon: Icon, title, text }) => (
          <li key={title} className="rounded-lg border border-line bg-surface p-4">
            <Icon className="size-5 text-accent-text" aria-hidden="true" />
            <h3 className="mt-2 text-sm font-semibold text-fg">{title}</h3>
            <p className="mt-1 text-[13px] text-muted">{text}</p>
          </li>
        ))}
      </ul>
    </section>
  );
}
