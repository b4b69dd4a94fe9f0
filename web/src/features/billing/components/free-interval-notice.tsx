import { Clock } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router';

/**
 * The free plan's orange notice (spec 001 §2), anchored at #interval: the header's polling ring
 * links here, and the page scrolls to it when opened with that hash.
 */
export function FreeIntervalNotice({ minutes, paidIntervals }: { minutes: number; paidIntervals: string }) {
  const ref = useRef<HTMLElement>(null);
  const { hash } = useLocation();
  useEffect(() => {
    if (hash === '#interval') ref.current?.scrollIntoView({ block: 'start' });
  }, [hash]);
  return (
    <section
      id="interval"
      ref={ref}
      aria-labelledby="interval-title"
      className="scroll-mt-20 rounded-lg border border-orange-300 bg-orange-50 px-4 py-4 text-orange-950 sm:px-5 dark:border-orange-500/30 dark:bg-orange-500/10 dark:text-orange-100"
    >
      <div className="flex items-start gap-3">
        <Clock className="mt-0.5 size-5 shrink-0 text-orange-600 dark:text-orange-400" aria-hidden="true" />
        <div>
          <h2 id="interval-title" className="text-sm font-semibold">
            Free Plan Limitation: {minutes}-Minute Update Intervals
          </h2>
          <p className="mt-1 text-sm opacity-90">
            On the Free plan your integrations refresh only every {minutes} minutes, so the timeline can be up to{' '}
            {minutes} minutes behind. Paid plans refresh every {paidIntervals} minutes.
          </p>
        </div>
      </div>
    </section>
  );
}
