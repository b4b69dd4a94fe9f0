import { cn } from '../lib/cn';

/** The product mark: two overlapping rings on the accent. */
export function LogoMark({ className }: { className?: string }) {
  return (
    <svg viewBox="0 0 32 32" aria-hidden="true" className={cn('size-6 shrink-0', className)}>
      <rect width="32" height="32" rx="8" fill="var(--ov-accent)" />
      <circle cx="13" cy="16" r="7" fill="none" stroke="#fff" strokeWidth="2.5" />
      <circle cx="19" cy="16" r="7" fill="none" stroke="#c7d2fe" strokeWidth="2.5" />
    </svg>
  );
}

/** The mark with the product name. */
export function Logo({ className }: { className?: string }) {
  return (
    <span className={cn('inline-flex items-center gap-2 text-[15px] font-semibold tracking-tight text-fg', className)}>
      <LogoMark />
      Overlap
    </span>
  );
}
