import type { SessionUser } from '@overlap/contract/auth';
import { Menu } from 'lucide-react';
import { lazy, Suspense, useState } from 'react';

const MobileMenuPanel = lazy(() => import('./mobile-menu-panel'));

interface MobileMenuProps {
  user: SessionUser;
  showSuperadmin: boolean;
}

/** The header below md: a Menu button opening a slide-in panel titled 'Menu'. */
export function MobileMenu({ user, showSuperadmin }: MobileMenuProps) {
  const [open, setOpen] = useState(false);
  const [loaded, setLoaded] = useState(false);
  return (
    <>
      <button
        type="button"
        aria-label="Menu"
        aria-haspopup="dialog"
        aria-expanded={open}
        onClick={() => {
          setLoaded(true);
          setOpen(true);
        }}
        onPointerEnter={() => setLoaded(true)}
        className="inline-flex size-9 items-center justify-center rounded-md text-muted transition-colors hover:bg-subtle hover:text-fg"
      >
        <Menu className="size-5" aria-hidden="true" />
      </button>
      {loaded ? (
        <Suspense fallback={null}>
          <MobileMenuPanel user={user} showSuperadmin={showSuperadmin} open={open} onOpenChange={setOpen} />
        </Suspense>
      ) : null}
    </>
  );
}
