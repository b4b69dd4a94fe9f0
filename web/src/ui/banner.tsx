import { AlertTriangle, CircleAlert, Info, X } from 'lucide-react';
import type { ReactNode } from 'react';
import { cn } from '../lib/cn';

type BannerTone = 'info' | 'warning' | 'danger';

const tones: Record<BannerTone, string> = {
  info: 'border-sky-200 bg-sky-50 text-sky-900 dark:border-sky-500/25 dark:bg-sky-500/10 dark:text-sky-100',
  warning:
    'border-amber-200 bg-amber-50 text-amber-900 dark:border-amber-500/25 dark:bg-amber-500/10 dark:text-amber-100',
  danger: 'border-red-200 bg-red-50 text-red-900 dark:border-red-500/25 dark:bg-red-500/10 dark:text-red-100',
};

const iconTones: Record<BannerTone, string> = {
  info: 'text-sky-600 dark:text-sky-400',
  warning: 'text-amber-600 dark:text-amber-400',
  danger: 'text-red-600 dark:text-red-400',
};

const icons = { info: Info, warning: AlertTriangle, danger: CircleAlert };

interface BannerProps {
  tone?: BannerTone;
  title?: ReactNode;
  children: ReactNode;
  /** A link or button after the message. */
  action?: ReactNode;
  /** Shows a dismiss button. */
  onDismiss?: () => void;
  className?: string;
}

/** A message across the page; danger and warning banners are announced as alerts. */
export function Banner({ tone = 'info', title, children, action, onDismiss, className }: BannerProps) {
  const Icon = icons[tone];
  return (
    <div
      role={tone === 'info' ? 'status' : 'alert'}
      className={cn('flex items-start gap-3 rounded-lg border px-4 py-3 text-sm', tones[tone], className)}
    >
      <Icon className={cn('mt-0.5 size-4 shrink-0', iconTones[tone])} aria-hidden="true" />
      <div className="flex min-w-0 flex-1 flex-col gap-x-4 gap-y-2 sm:flex-row sm:items-center sm:justify-between">
        <div className="min-w-0">
          {title ? <p className="font-medium">{title}</p> : null}
          <div className={cn(title && 'opacity-90')}>{children}</div>
        </div>
        {action ? <div className="shrink-0">{action}</div> : null}
      </div>
      {onDismiss ? (
        <button
          type="button"
          onClick={onDismiss}
          aria-label="Dismiss"
          title="Dismiss"
          className="-m-1 inline-flex size-6 shrink-0 items-center justify-center rounded-md opacity-70 transition-opacity hover:opacity-100"
        >
          <X className="size-4" aria-hidden="true" />
        </button>
      ) : null}
    </div>
  );
}
