import { Spinner } from '../../ui/spinner';

/** Shown while a route's code or the session loads. */
export function RouteFallback() {
  return (
    <div className="flex min-h-[50vh] items-center justify-center text-muted" role="status" aria-live="polite">
      <Spinner size="lg" className="text-accent" />
      <span className="sr-only">Loading…</span>
    </div>
  );
}
