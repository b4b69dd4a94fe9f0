import type { ReactNode } from 'react';
import { useLocation } from 'react-router';
import { useImpersonation, useSession } from '../../../api/session';
import { useAfterFirstPaint } from '../../../lib/after-first-paint';
import { HeaderSlotProvider } from '../../../ui/header-slot';
import { AppFooter } from './app-footer';
import { AppHeader } from './app-header';
import { PaymentGraceSlot } from './billing-parts';
import { ImpersonationBar } from './impersonation-bar';
import { SuperadminBar } from './superadmin-bar';
import { SuspendedBanner } from './suspended-banner';
import { useTimePreferencesSync } from './use-time-preferences-sync';

/** Pages that put controls in the header (the dashboard's day picker). */
const usesHeaderSlot = (path: string) => path === '/';
const isSuperadminPage = (path: string) => path === '/superadmin' || path.startsWith('/superadmin/');

/** Header, banners and footer around a signed-in page; degrades to title + 'Sign in' without a session. */
export function AppChrome({ children }: { children: ReactNode }) {
  const { pathname } = useLocation();
  const session = useSession();
  const user = session.data ?? null;
  // What the first screen does not need (the impersonation check, the footer's version) waits for it.
  const painted = useAfterFirstPaint();
  const impersonation = useImpersonation(Boolean(user) && painted);
  const imp = impersonation.data;
  const impersonating = Boolean(user && imp?.isImpersonating);
  useTimePreferencesSync(Boolean(user));

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
        <AppHeader user={user} impersonating={impersonating} slotReserved={Boolean(user) && usesHeaderSlot(pathname)} />
        {isSuperadminPage(pathname) && user?.role === 'superadmin' ? <SuperadminBar /> : null}
        {user?.account.status === 'suspended' ? <SuspendedBanner /> : null}
        {user && user.account.status !== 'suspended' && user.role !== 'superadmin' ? <PaymentGraceSlot /> : null}
        <main id="main" className="flex-1">
          {children}
        </main>
        {pathname === '/profile' ? null : <AppFooter ready={painted} />}
      </div>
    </HeaderSlotProvider>
  );
}
