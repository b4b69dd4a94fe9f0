import { LogOut, Menu, X } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Outlet, useLocation } from 'react-router';
import { useOnboardingState, useSession } from '../../api/session';
import { hasActiveIntegration, WizardSteps } from '../../features/onboarding';
import { useLogout } from '../../features/shell';
import { Button } from '../../ui/button';
import { Logo } from '../../ui/logo';

function Greeting({ email }: { email: string | undefined }) {
  return email ? (
    <p className="truncate text-[13px] text-muted">
      Signed in as <span className="font-medium text-fg">{email}</span>
    </p>
  ) : (
    <p className="text-[13px] text-muted">Welcome to Overlap</p>
  );
}

/** The onboarding frame: the two steps in a sidebar (a menu on phones) beside the current step. */
export function OnboardingLayout() {
  const { pathname } = useLocation();
  const session = useSession();
  const state = useOnboardingState(Boolean(session.data));
  const logout = useLogout();
  const [menuOpen, setMenuOpen] = useState(false);
  const current = pathname.startsWith('/onboarding/step2') ? 2 : pathname.startsWith('/onboarding/step1') ? 1 : null;
  const stepOneDone = hasActiveIntegration(state.data);
  const email = session.data?.email;
  const onSuccessPage = current === null;

  useEffect(() => {
    if (!menuOpen) return;
    const closeOnEscape = (event: KeyboardEvent) => {
      if (event.key === 'Escape') setMenuOpen(false);
    };
    document.addEventListener('keydown', closeOnEscape);
    return () => document.removeEventListener('keydown', closeOnEscape);
  }, [menuOpen]);

  const logoutButton = (
    <Button variant="ghost" size="sm" icon={<LogOut />} loading={logout.isPending} onClick={() => logout.mutate()}>
      Log out
    </Button>
  );

  if (onSuccessPage) {
    return (
      <div className="flex min-h-dvh flex-col bg-canvas">
        <header className="border-b border-line bg-surface">
          <div className="mx-auto flex h-14 max-w-5xl items-center px-4 sm:px-6">
            <Logo />
          </div>
        </header>
        <main className="mx-auto w-full max-w-5xl flex-1 px-4 py-6 sm:px-6">
          <Outlet />
        </main>
      </div>
    );
  }

  return (
    <div className="flex min-h-dvh flex-col bg-canvas md:flex-row">
      <aside className="hidden w-72 shrink-0 flex-col border-r border-line bg-surface md:sticky md:top-0 md:flex md:h-dvh">
        <div className="flex h-14 items-center px-5">
          <Logo />
        </div>
        <div className="px-5 pt-4 pb-3">
          <p className="text-xs font-medium tracking-wide text-muted uppercase">Get started</p>
        </div>
        <div className="px-2.5">
          <WizardSteps current={current} stepOneDone={stepOneDone} />
        </div>
        <div className="mt-auto flex flex-col gap-2 border-t border-line px-5 py-4">
          <Greeting email={email} />
          <div className="-ml-2.5">{logoutButton}</div>
        </div>
      </aside>

      <header className="sticky top-0 z-20 border-b border-line bg-surface md:hidden">
        <div className="flex h-14 items-center justify-between px-4">
          <Logo />
          <Button
            variant="ghost"
            size="sm"
            icon={menuOpen ? <X /> : <Menu />}
            aria-expanded={menuOpen}
            aria-controls="onboarding-menu"
            onClick={() => setMenuOpen((open) => !open)}
          >
            {`Step ${current ?? 1} of 2`}
          </Button>
        </div>
        {menuOpen ? (
          <div id="onboarding-menu" className="flex flex-col gap-3 border-t border-line px-2 pt-3 pb-4">
            <WizardSteps current={current} stepOneDone={stepOneDone} onNavigate={() => setMenuOpen(false)} />
            <div className="flex items-center justify-between gap-3 border-t border-line px-2.5 pt-3">
              <Greeting email={email} />
              {logoutButton}
            </div>
          </div>
        ) : null}
      </header>

      <main className="min-w-0 flex-1 px-4 py-6 sm:px-8 md:py-10">
        <div className="mx-auto w-full max-w-4xl">
          <Outlet />
        </div>
      </main>
    </div>
  );
}
