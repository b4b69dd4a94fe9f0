import type { ReactNode } from 'react';
import { Logo } from '../../../ui/logo';

/** The hosted-page look of the test-mode checkout and portal, with a test-mode strip on top. */
export function TestModeFrame({ children }: { children: ReactNode }) {
  return (
    <div className="flex min-h-dvh flex-col bg-canvas">
      <div className="bg-amber-400 px-4 py-1 text-center text-xs font-semibold text-amber-950">
        TEST MODE · no real payment is made
      </div>
      <header className="border-b border-line bg-surface">
        <div className="mx-auto flex h-14 max-w-4xl items-center px-4 sm:px-6">
          <Logo />
        </div>
      </header>
      <main className="mx-auto w-full max-w-4xl flex-1 px-4 py-8 sm:px-6 sm:py-12">{children}</main>
    </div>
  );
}
