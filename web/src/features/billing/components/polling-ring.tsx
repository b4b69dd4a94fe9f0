import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { useBillingStatus } from '../../../api/account';
import { Tooltip } from '../../../ui/tooltip';
import { countdown, ringState } from '../lib/polling-ring';

const SIZE = 20;
const STROKE = 2.5;
const RADIUS = (SIZE - STROKE) / 2;
const CIRCUMFERENCE = 2 * Math.PI * RADIUS;

/**
 * The free plan's polling indicator (spec 001 §2): a ring that fills over the refresh interval,
 * ticking each second, linking to /upgrade#interval. Nothing on paid plans.
 */
export function PollingRing() {
  const billing = useBillingStatus();
  const [now, setNow] = useState(() => Date.now());
  const free = billing.data?.currentPlan === 'free';
  const refetch = billing.refetch;
  const state = billing.data
    ? ringState(now, billing.data.integrationInterval, billing.data.nextDataRefreshAt)
    : { fraction: 0, secondsLeft: 0 };
  const due = free && state.secondsLeft === 0;

  useEffect(() => {
    if (!free) return;
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, [free]);
  // Once a scheduled refresh is due, ask again when the next one is.
  useEffect(() => {
    if (due) void refetch();
  }, [due, refetch]);

  if (!free || !billing.data) return null;
  const minutes = billing.data.integrationInterval;
  const label = `Free plan: integration data refreshes every ${minutes} minutes, next in ${countdown(state.secondsLeft)}. Upgrade for real-time updates.`;
  return (
    <Tooltip content={label}>
      <Link
        to="/upgrade#interval"
        aria-label={label}
        className="inline-flex h-8 items-center gap-1.5 rounded-md px-1.5 text-xs font-medium text-muted transition-colors hover:bg-subtle hover:text-fg"
      >
        <svg width={SIZE} height={SIZE} viewBox={`0 0 ${SIZE} ${SIZE}`} aria-hidden="true" className="-rotate-90">
          <circle cx={SIZE / 2} cy={SIZE / 2} r={RADIUS} fill="none" strokeWidth={STROKE} className="stroke-line" />
          <circle
            cx={SIZE / 2}
            cy={SIZE / 2}
            r={RADIUS}
            fill="none"
            strokeWidth={STROKE}
            strokeLinecap="round"
            strokeDasharray={CIRCUMFERENCE}
            strokeDashoffset={CIRCUMFERENCE * (1 - state.fraction)}
            className="stroke-orange-500 transition-[stroke-dashoffset] duration-1000 ease-linear motion-reduce:transition-none"
          />
        </svg>
        <span className="tabular hidden lg:inline" data-testid="polling-countdown">
          {countdown(state.secondsLeft)}
        </span>
      </Link>
    </Tooltip>
  );
}
