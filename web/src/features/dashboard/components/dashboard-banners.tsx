import type { AccountView } from '@overlap/contract/account';
import { useState } from 'react';
import { Link } from 'react-router';
import { Banner } from '../../../ui/banner';
import {
  isDismissed,
  readDismissal,
  STALE_BANNER_KEY,
  STALE_DISMISS_MS,
  staleBannerMessage,
  UNASSIGNED_BANNER_KEY,
  UNASSIGNED_DISMISS_MS,
  unassignedBanner,
  writeDismissal,
} from '../lib/banner-rules';

interface DashboardBannersProps {
  unassigned: number;
  assigned: number;
  maxPeople: number | null | undefined;
  health: AccountView['integrationHealth'] | null | undefined;
}

const linkClass = 'font-semibold underline underline-offset-2 hover:no-underline';

/** The unassigned-people and stale-integrations banners (shown to managers and superadmins by the caller). */
export function DashboardBanners({ unassigned, assigned, maxPeople, health }: DashboardBannersProps) {
  const [unassignedAt, setUnassignedAt] = useState(() => readDismissal(UNASSIGNED_BANNER_KEY));
  const [staleAt, setStaleAt] = useState(() => readDismissal(STALE_BANNER_KEY));
  const now = Date.now();
  const people = isDismissed(unassignedAt, UNASSIGNED_DISMISS_MS, now)
    ? null
    : unassignedBanner({ unassigned, assigned, maxPeople });
  const stale = isDismissed(staleAt, STALE_DISMISS_MS, now) ? null : staleBannerMessage(health);
  if (!people && !stale) return null;

  const dismiss = (key: string, set: (n: number) => void) => {
    const at = Date.now();
    writeDismissal(key, at);
    set(at);
  };

  return (
    <div className="flex flex-col gap-2">
      {people ? (
        <Banner
          tone={people.tone}
          onDismiss={() => dismiss(UNASSIGNED_BANNER_KEY, setUnassignedAt)}
          action={
            <Link to="/people?tab=unassigned" className={linkClass}>
              assign them now
            </Link>
          }
        >
          {people.message}
        </Banner>
      ) : null}
      {stale ? (
        <Banner
          tone="warning"
          onDismiss={() => dismiss(STALE_BANNER_KEY, setStaleAt)}
          action={
            <Link to="/account" className={linkClass}>
              check integrations
            </Link>
          }
        >
          {stale}
        </Banner>
      ) : null}
    </div>
  );
}
