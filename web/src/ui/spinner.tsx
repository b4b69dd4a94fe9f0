import { cn } from '../lib/cn';

interface SpinnerProps {
  size?: 'sm' | 'md' | 'lg';
  className?: string;
  /** Announced to screen readers; omit when the surrounding control already says it is busy. */
  label?: string;
}

const sizes = { sm: 'size-3.5 border-[1.5px]', md: 'size-4 border-2', lg: 'size-6 border-2' };

export function Spinner({ size = 'md', className, label }: SpinnerProps) {
  return (
    <span role={label ? 'status' : undefined} className="inline-flex">
      <span
        data-spinner=""
        aria-hidden="true"
        className={cn(
          'inline-block shrink-0 animate-spin rounded-full border-current border-t-transparent opacity-80',
          sizes[size],
          className,
        )}
      />
      {label ? <span className="sr-only">{label}</span> : null}
    </span>
  );
}
