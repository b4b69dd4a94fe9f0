import type { ReactNode } from 'react';
import { useLocation } from 'react-router';
import { useImpersonation, useSession } from '../../../api/session';
import { useTimePreferences } from '../../../lib/use-time-preferences';
import { HeaderSlotProvider } from '../../../ui/header-slot';
import { PaymentGraceBanner } from '../../billing';
import { AppFooter } from './app-footer';
import { AppHeader } from './app-header';
import { ImpersonationBar } from './impersonation-bar';
import { SuperadminBar } from './superadmin-bar';
import { SuspendedBanner } from './suspended-banner';
import { useTimePreferencesSync } from './use-time-preferences-sync';

const isSuperadminPage = (path: string) => path === '/superadmin' || path.startsWith('/superadmin/');

/** Header, banners and footer around a signed-in page; degrades to title + 'Sign in' without a session. */
export function AppChrome({ children }: { children: ReactNode }) {
  const { pathname } = useLocation();
  const session = useSession();
  const user = session.data ?? null;
  const impersonation = useImpersonation(Boolean(user));
  const imp = impersonation.data;
  const impersonating = Boolean(user && imp?.isImpersonating);
  useTimePreferencesSync(Boolean(user));
  // A new time format or timezone redraws the page, so every time on it follows at once.
  const prefs = useTimePreferences();

  return (
    <HeaderSlotProvider>
      <div className="flex min-h-dvh flex-col bg-canvas">
        <a
          href="#main"
          className="sr-only z-50 rounded-md bg-surface px-3 py-2 text-sm font-medium focus:not-sr-only focus:fixed focus:top-2 focus:left-2"
        >
          Skip to content
        </a>
        {impersonating && imp ? <ImpersonationBar accountName={imp.accountName} userEmail={imp.userEmail} /> : null}
        <AppHeader user={user} impersonating={impersonating} />
        {isSuperadminPage(pathname) && user?.role === 'superadmin' ? <SuperadminBar /> : null}
        {user?.account.status === 'suspended' ? <SuspendedBanner /> : null}
        {user && user.account.status !== 'suspended' && user.role !== 'superadmin' ? <PaymentGraceBanner /> : null}
        <main id="main" className="flex-1" key={`${prefs.timeFormat ?? ''}|${prefs.timeZone ?? ''}`}>
          {children}
        </main>
        {pathname === '/profile' ? null : <AppFooter />}
      </div>
    </HeaderSlotProvider>
  );
}
