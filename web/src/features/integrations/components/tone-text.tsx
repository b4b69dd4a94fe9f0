import type { ReactNode } from 'react';
import { cn } from '../../../lib/cn';
import type { Tone } from '../lib/format';

const classes: Record<Tone, string> = {
  success: 'text-emerald-700 dark:text-emerald-400',
  warning: 'text-amber-700 dark:text-amber-400',
  danger: 'text-red-600 dark:text-red-400',
  critical: 'text-red-800 dark:text-red-300 font-semibold',
};

/** Text coloured by a semantic tone (success rates, status codes). */
export function ToneText({ tone, children, className }: { tone: Tone; children: ReactNode; className?: string }) {
  return <span className={cn('tabular font-medium', classes[tone], className)}>{children}</span>;
}
