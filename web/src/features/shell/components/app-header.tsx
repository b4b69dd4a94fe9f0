import type { SessionUser } from '@overlap/contract/auth';
import { LogOut, Settings, ShieldCheck } from 'lucide-react';
import { Link, NavLink } from 'react-router';
import { cn } from '../../../lib/cn';
import { Button, ButtonLink } from '../../../ui/button';
import { useHeaderSlotTargets } from '../../../ui/header-slot';
import { Logo } from '../../../ui/logo';
import { Tooltip } from '../../../ui/tooltip';
import { useLogout } from '../api/logout';
import { PollingRingSlot } from './billing-parts';
import { MobileMenu } from './mobile-menu';
import { ThemeMenu } from './theme-menu';

interface AppHeaderProps {
  /** Null for a visitor without a session: only the title and 'Sign in' are shown. */
  user: SessionUser | null;
  impersonating: boolean;
  /** The page puts controls in the header: its row below md is kept from the first paint. */
  slotReserved?: boolean;
}

function DesktopActions({ user, showSuperadmin }: { user: SessionUser; showSuperadmin: boolean }) {
  const logout = useLogout();
  return (
    <div className="hidden items-center gap-1 md:flex">
      <Tooltip content="Your profile">
        <Link
          to="/profile"
          className="max-w-40 truncate rounded-md px-2 py-1 text-[13px] text-muted transition-colors hover:text-fg lg:max-w-64"
        >
          {user.email}
        </Link>
      </Tooltip>
      <span className="mx-1 h-5 w-px bg-line" aria-hidden="true" />
      <ButtonLink to="/account" variant="ghost" size="sm" icon={<Settings />}>
        Settings
      </ButtonLink>
      {showSuperadmin ? (
        <Tooltip content="Super Admin Panel">
          <Link
            to="/superadmin"
            aria-label="Super Admin Panel"
            className="inline-flex size-8 items-center justify-center rounded-md text-muted transition-colors hover:bg-subtle hover:text-fg"
          >
            <ShieldCheck className="size-4" aria-hidden="true" />
          </Link>
        </Tooltip>
      ) : null}
      <ThemeMenu />
      <Button variant="ghost" size="sm" icon={<LogOut />} loading={logout.isPending} onClick={() => logout.mutate()}>
        Logout
      </Button>
    </div>
  );
}

const navLinkClass = ({ isActive }: { isActive: boolean }) =>
  `rounded-md px-2.5 py-1.5 text-[13px] font-medium transition-colors hover:bg-subtle hover:text-fg ${
    isActive ? 'bg-subtle text-fg' : 'text-muted'
  }`;

/** Dashboard and People, the two daily screens (desktop; the Menu panel lists them on phones). */
function MainNav() {
  return (
    <nav aria-label="Main" className="hidden items-center gap-0.5 md:flex">
      <NavLink to="/" end className={navLinkClass}>
        Dashboard
      </NavLink>
      <NavLink to="/people" className={navLinkClass}>
        People
      </NavLink>
    </nav>
  );
}

/** The app header: title, the page's header slot, and the user's links (a Menu panel below md). */
export function AppHeader({ user, impersonating, slotReserved = false }: AppHeaderProps) {
  const { desktopRef, mobileRef } = useHeaderSlotTargets();
  const showSuperadmin = user?.role === 'superadmin' && !impersonating;
  return (
    <header className="sticky top-0 z-40 border-b border-line bg-surface/80 backdrop-blur-md">
      <div className="mx-auto flex h-14 max-w-screen-2xl items-center gap-4 px-4 sm:px-6">
        <Link to="/" className="-mx-1 rounded-md px-1">
          <Logo />
        </Link>
        {user ? <MainNav /> : null}
        <div ref={desktopRef} className="hidden min-w-0 items-center md:flex" />
        <div className="ml-auto flex items-center gap-1">
          {user ? (
            <>
              {user.role !== 'superadmin' || impersonating ? <PollingRingSlot /> : null}
              <DesktopActions user={user} showSuperadmin={showSuperadmin} />
              <div className="md:hidden">
                <MobileMenu user={user} showSuperadmin={showSuperadmin} />
              </div>
            </>
          ) : (
            <>
              <ThemeMenu />
              <ButtonLink to="/login" variant="secondary" size="sm">
                Sign in
              </ButtonLink>
            </>
          )}
        </div>
      </div>
      <div
        ref={mobileRef}
        className={cn('border-t border-line px-4 py-2 md:hidden', slotReserved ? 'min-h-[51px]' : 'empty:hidden')}
      />
    </header>
  );
}
