import { Link, Outlet } from 'react-router';
import { LogoMark } from '../../ui/logo';

/**
 * Sign-in and account-access screens: the product mark above a card. The card hangs from a fixed
 * top instead of being centred, so a page arriving in place of the loading state (another height)
 * grows or shrinks the card downwards without moving what is above it or the card itself.
 */
export function AuthLayout() {
  return (
    <div className="relative flex min-h-dvh flex-col bg-canvas">
      <div
        aria-hidden="true"
        className="pointer-events-none absolute inset-x-0 top-0 h-72 bg-[radial-gradient(60%_100%_at_50%_0%,color-mix(in_oklab,var(--ov-accent)_10%,transparent),transparent)]"
      />
      <main className="relative flex flex-1 flex-col items-center px-4 pt-[max(3rem,12vh)] pb-12">
        <Link to="/login" className="mb-8 flex flex-col items-center gap-3 rounded-lg" aria-label="Overlap">
          <LogoMark className="size-10" />
          <span className="text-lg font-semibold tracking-tight text-fg">Overlap</span>
        </Link>
        <div className="w-full max-w-sm rounded-xl border border-line bg-surface p-6 sm:p-8">
          <Outlet />
        </div>
      </main>
      <footer className="relative pb-6 text-center text-xs text-muted">
        See when your team overlaps, across the tools you already use.
      </footer>
    </div>
  );
}
