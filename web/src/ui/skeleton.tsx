import { cn } from '../lib/cn';

/** A placeholder block shown while content loads. Size it with classes (h-4 w-32). */
export function Skeleton({ className }: { className?: string }) {
  return <div aria-hidden="true" className={cn('animate-pulse rounded-md bg-subtle', className)} />;
}
