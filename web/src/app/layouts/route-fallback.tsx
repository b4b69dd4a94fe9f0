export function RouteFallback() {
  return (
    <div className="flex min-h-[50vh] items-center justify-center" role="status" aria-live="polite">
      <span className="size-5 animate-spin rounded-full border-2 border-zinc-300 border-t-indigo-600" />
      <span className="sr-only">Loading…</span>
    </div>
  );
}
