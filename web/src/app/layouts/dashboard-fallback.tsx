import { Skeleton } from '../../ui/skeleton';

/**
 * The dashboard's shape while its code loads: the title, the overlap card (the strip's place and its
 * hint, the best times) and the timeline's place, where the page's own loading state then draws the
 * same parts. It is drawn as soon as the route gates pass, two requests before the page's code
 * arrives on a phone, instead of a spinner; as high as the screen, so the footer starts below it.
 */
export function DashboardFallback() {
  return (
    <div className="mx-auto flex min-h-dvh max-w-screen-2xl flex-col gap-3 px-3 py-4 sm:px-6">
      <p role="status" className="sr-only">
        Loading…
      </p>
      <div className="flex items-start justify-between gap-3 sm:items-center" aria-hidden="true">
        <div className="min-w-0">
          <p className="truncate text-lg font-semibold tracking-tight">Team activity</p>
          <p className="min-h-[2lh] text-[13px] sm:min-h-0">
            <span className="inline-block h-3 w-44 animate-pulse rounded bg-subtle align-middle" />
          </p>
        </div>
        <div className="flex shrink-0 items-center gap-2">
          <Skeleton className="h-8 w-20" />
          <Skeleton className="h-8 w-24" />
        </div>
      </div>
      <div
        className="grid grid-cols-[minmax(0,1fr)] divide-y divide-line rounded-lg border border-line bg-surface lg:grid-cols-[minmax(0,1fr)_24rem] lg:divide-x lg:divide-y-0"
        aria-hidden="true"
      >
        <div className="flex flex-col px-4 pt-3 pb-2">
          <div className="flex flex-col gap-y-1 sm:flex-row sm:items-baseline sm:justify-between sm:gap-x-4">
            <p className="min-h-10 text-sm font-semibold sm:min-h-0">Overlap</p>
            {/* The legend's place, with a line of its size so that the row aligns on the same baseline. */}
            <div className="text-xs">{'\u00a0'}</div>
          </div>
          <div className="mt-2 flex h-14 gap-px lg:h-20">
            {Array.from({ length: 48 }, (_, i) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: static placeholders
              <div key={i} className="mt-auto h-2 flex-1 animate-pulse rounded-[1px] bg-subtle" />
            ))}
          </div>
          <div className="mt-1 h-4" />
          <p className="mt-0.5 min-h-4 truncate text-xs text-muted">
            Point at or tap a half hour to see who is around.
          </p>
        </div>
        <div className="px-4 py-3">
          <p className="text-sm font-semibold">Best time to reach everyone</p>
          <div className="min-h-8" />
          <div className="mt-1.5 flex min-h-30 flex-col gap-1.5">
            <Skeleton className="h-9" />
            <Skeleton className="h-9" />
            <Skeleton className="h-9" />
          </div>
        </div>
      </div>
      <div className="flex flex-wrap items-center justify-between gap-2" aria-hidden="true">
        <div className="h-10 w-full sm:h-5 sm:w-auto" />
        <Skeleton className="h-9 w-28" />
      </div>
      <div className="min-h-80 flex-1 rounded-lg border border-line bg-surface" aria-hidden="true" />
    </div>
  );
}
