import { NavLink } from 'react-router';
import { cn } from '../../../lib/cn';
import { useTimePreferences } from '../../../lib/use-time-preferences';
import { SystemInfoCard } from '../components/system-info-card';
import { TimePreferencesCard } from '../components/time-preferences-card';
import { TimelineVisibility } from '../components/timeline-visibility';
import { UserInfoCard } from '../components/user-info-card';

const sections = [
  { to: '/profile', label: 'Profile' },
  { to: '/people', label: 'People' },
  { to: '/account', label: 'Account' },
];

/** /profile: user info with the password reset, time display, timeline visibility and system info. */
export default function ProfilePage() {
  // Every time on the page follows a new 12/24-hour or timezone setting at once.
  useTimePreferences();
  return (
    <div className="mx-auto flex w-full max-w-3xl flex-col gap-6 px-4 py-8 sm:px-6">
      <div className="flex flex-wrap items-center justify-between gap-4">
        <h1 className="text-2xl font-semibold tracking-tight">Profile</h1>
        <nav aria-label="Settings" className="inline-flex rounded-lg border border-line bg-subtle p-0.5">
          {sections.map((s) => (
            <NavLink
              key={s.to}
              to={s.to}
              end
              className={({ isActive }) =>
                cn(
                  'rounded-md px-3 py-1.5 text-sm font-medium transition-colors',
                  isActive ? 'bg-surface text-fg shadow-sm' : 'text-muted hover:text-fg',
                )
              }
            >
              {s.label}
            </NavLink>
          ))}
        </nav>
      </div>
      <UserInfoCard />
      <TimePreferencesCard />
      <TimelineVisibility />
      <SystemInfoCard />
    </div>
  );
}
