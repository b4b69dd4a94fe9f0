import { Outlet } from 'react-router';

export function AppLayout() {
  return (
    <div className="flex min-h-dvh flex-col bg-white dark:bg-zinc-950">
      <main className="flex-1">
        <Outlet />
      </main>
    </div>
  );
}
