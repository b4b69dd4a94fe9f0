import { Outlet } from 'react-router';

export function OnboardingLayout() {
  return (
    <main className="min-h-dvh bg-zinc-50 dark:bg-zinc-950">
      <Outlet />
    </main>
  );
}
