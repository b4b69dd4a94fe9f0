import { Outlet } from 'react-router';

export function AuthLayout() {
  return (
    <main className="flex min-h-dvh items-center justify-center bg-zinc-50 px-4 py-12 dark:bg-zinc-950">
      <div className="w-full max-w-sm">
        <Outlet />
      </div>
    </main>
  );
}
