import type { SessionUser } from '@overlap/contract/auth';
import { LayoutDashboard, LogOut, Settings, ShieldCheck, UserRound, Users, X } from 'lucide-react';
import { Dialog } from 'radix-ui';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { RoleBadge } from '../../../ui/badge';
import { Button } from '../../../ui/button';
import { overlayClasses } from '../../../ui/dialog';
import { ThemeSwitcher } from '../../../ui/theme-switcher';
import { useLogout } from '../api/logout';

interface MobileMenuPanelProps {
  user: SessionUser;
  showSuperadmin: boolean;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

function MenuLink({ to, icon, children }: { to: string; icon: ReactNode; children: ReactNode }) {
  return (
    <Dialog.Close asChild>
      <Link
        to={to}
        className="flex h-10 items-center gap-3 rounded-md px-3 text-sm font-medium text-fg transition-colors hover:bg-subtle [&_svg]:size-4 [&_svg]:text-muted"
      >
        {icon}
        {children}
      </Link>
    </Dialog.Close>
  );
}

/** The slide-in panel titled 'Menu' (loaded on first open to keep the initial bundle small). */
export default function MobileMenuPanel({ user, showSuperadmin, open, onOpenChange }: MobileMenuPanelProps) {
  const logout = useLogout();
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className={overlayClasses} />
        <Dialog.Content
          aria-describedby={undefined}
          className="fixed inset-y-0 right-0 z-50 flex w-80 max-w-[86vw] animate-sheet-in flex-col border-l border-line bg-surface shadow-2xl outline-none"
        >
          <div className="flex h-14 items-center justify-between border-b border-line px-4">
            <Dialog.Title className="text-sm font-semibold">Menu</Dialog.Title>
            <Dialog.Close
              aria-label="Close menu"
              className="inline-flex size-8 items-center justify-center rounded-md text-muted hover:bg-subtle hover:text-fg"
            >
              <X className="size-4" aria-hidden="true" />
            </Dialog.Close>
          </div>
          <div className="border-b border-line px-4 py-4">
            <Dialog.Close asChild>
              <Link to="/profile" className="block truncate text-sm font-medium text-fg hover:underline">
                {user.email}
              </Link>
            </Dialog.Close>
            <div className="mt-1.5 flex items-center gap-2 text-xs text-muted">
              <RoleBadge userRole={user.role} />
              <span className="truncate">{user.account.name}</span>
            </div>
          </div>
          <nav aria-label="Menu" className="flex flex-col gap-0.5 p-2">
            <MenuLink to="/" icon={<LayoutDashboard />}>
              Dashboard
            </MenuLink>
            <MenuLink to="/people" icon={<Users />}>
              People
            </MenuLink>
            <MenuLink to="/profile" icon={<UserRound />}>
              Profile
            </MenuLink>
            <MenuLink to="/account" icon={<Settings />}>
              Account
            </MenuLink>
            {showSuperadmin ? (
              <MenuLink to="/superadmin" icon={<ShieldCheck />}>
                Super Admin Panel
              </MenuLink>
            ) : null}
          </nav>
          <div className="px-4 pt-2">
            <p className="mb-2 text-xs font-medium text-muted">Appearance</p>
            <ThemeSwitcher />
          </div>
          <div className="mt-auto border-t border-line p-4">
            <Button
              variant="secondary"
              className="w-full"
              icon={<LogOut />}
              loading={logout.isPending}
              onClick={() => logout.mutate()}
            >
              Logout
            </Button>
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
