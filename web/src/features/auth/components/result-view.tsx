import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { cn } from '../../../lib/cn';

const tones = {
  success:
    'bg-emerald-50 text-emerald-600 ring-emerald-200 dark:bg-emerald-500/10 dark:text-emerald-400 dark:ring-emerald-500/25',
  danger: 'bg-red-50 text-red-600 ring-red-200 dark:bg-red-500/10 dark:text-red-400 dark:ring-red-500/25',
  accent: 'bg-accent-soft text-accent-text ring-indigo-200 dark:ring-indigo-500/25',
};

/** A centred outcome of an auth step: icon, title, a sentence or two, and the next actions. */
export function ResultView({
  icon: Icon,
  tone,
  title,
  children,
  actions,
}: {
  icon: LucideIcon;
  tone: keyof typeof tones;
  title: string;
  children?: ReactNode;
  actions?: ReactNode;
}) {
  return (
    <div className="flex flex-col items-center text-center">
      <div className={cn('mb-4 flex size-12 items-center justify-center rounded-full ring-1 ring-inset', tones[tone])}>
        <Icon className="size-6" aria-hidden="true" />
      </div>
      <h1 className="text-xl font-semibold tracking-tight text-fg">{title}</h1>
      {children ? <div className="mt-2 text-sm text-muted">{children}</div> : null}
      {actions ? <div className="mt-6 flex w-full flex-col gap-2">{actions}</div> : null}
    </div>
  );
}
