import { Spinner } from '../../ui/spinner';

/**
 * Shown while a route's code or the session loads. `fill`: as high as the screen, so what follows
 * the page (the app's footer) starts below it instead of jumping down when the page arrives.
 */
export function RouteFallback({ fill = false }: { fill?: boolean }) {
  return (
    <div
      className={`flex items-center justify-center text-muted ${fill ? 'min-h-dvh' : 'min-h-[50vh]'}`}
      role="status"
      aria-live="polite"
    >
      <Spinner size="lg" className="text-accent" />
      <span className="sr-only">Loading…</span>
    </div>
  );
}
