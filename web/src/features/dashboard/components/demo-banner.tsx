import { useState } from 'react';
import { Link } from 'react-router';
import { Banner } from '../../../ui/banner';
import { isDismissed, readDismissal, writeDismissal } from '../lib/banner-rules';

const DEMO_BANNER_KEY = 'overlap.demoBannerDismissedAt';
const DEMO_DISMISS_MS = 7 * 24 * 60 * 60 * 1000;
const linkClass = 'font-semibold underline underline-offset-2 hover:no-underline';

/** Shown while the timeline shows demo people: what they are and (managers) the next steps; hidden for a week when dismissed. */
export function DemoBanner({ count, manager }: { count: number; manager: boolean }) {
  const [dismissedAt, setDismissedAt] = useState(() => readDismissal(DEMO_BANNER_KEY));
  if (count <= 0 || isDismissed(dismissedAt, DEMO_DISMISS_MS, Date.now())) return null;
  const dismiss = () => {
    const at = Date.now();
    writeDismissal(DEMO_BANNER_KEY, at);
    setDismissedAt(at);
  };
  return (
    <Banner
      tone="info"
      title={`You are looking at demo data (${count} demo ${count === 1 ? 'person' : 'people'})`}
      onDismiss={dismiss}
    >
      {manager ? (
        <>
          Next:{' '}
          <Link to="/integrations/add" className={linkClass}>
            connect your chat app
          </Link>
          ,{' '}
          <Link to="/account?tab=users" className={linkClass}>
            invite your team
          </Link>
          , then{' '}
          <Link to="/account" className={linkClass}>
            remove the demo data
          </Link>
          . Demo people do not count against your plan.
        </>
      ) : (
        'Demo people do not count against your plan.'
      )}
    </Banner>
  );
}
