import type { ReactNode } from 'react';
import { cn } from '../lib/cn';

export type BadgeTone = 'neutral' | 'info' | 'success' | 'warning' | 'danger' | 'accent';

const tones: Record<BadgeTone, string> = {
  neutral: 'bg-zinc-100 text-zinc-700 ring-zinc-200 dark:bg-zinc-800 dark:text-zinc-300 dark:ring-zinc-700',
  info: 'bg-sky-50 text-sky-700 ring-sky-200 dark:bg-sky-500/10 dark:text-sky-300 dark:ring-sky-500/25',
  success:
    'bg-emerald-50 text-emerald-700 ring-emerald-200 dark:bg-emerald-500/10 dark:text-emerald-300 dark:ring-emerald-500/25',
  warning: 'bg-amber-50 text-amber-800 ring-amber-200 dark:bg-amber-500/10 dark:text-amber-300 dark:ring-amber-500/25',
  danger: 'bg-red-50 text-red-700 ring-red-200 dark:bg-red-500/10 dark:text-red-300 dark:ring-red-500/25',
  accent:
    'bg-indigo-50 text-indigo-700 ring-indigo-200 dark:bg-indigo-500/10 dark:text-indigo-300 dark:ring-indigo-500/25',
};

const dots: Record<BadgeTone, string> = {
  neutral: 'bg-zinc-400',
  info: 'bg-sky-500',
  success: 'bg-emerald-500',
  warning: 'bg-amber-500',
  danger: 'bg-red-500',
  accent: 'bg-indigo-500',
};

interface BadgeProps {
  tone?: BadgeTone;
  children: ReactNode;
  /** A small leading dot in the tone's colour. */
  dot?: boolean;
  className?: string;
}

export function Badge({ tone = 'neutral', children, dot, className }: BadgeProps) {
  return (
    <span
      className={cn(
        'inline-flex h-5 items-center gap-1.5 rounded-full px-2 text-xs font-medium whitespace-nowrap ring-1 ring-inset',
        tones[tone],
        className,
      )}
    >
      {dot ? <span className={cn('size-1.5 rounded-full', dots[tone])} aria-hidden="true" /> : null}
      {children}
    </span>
  );
}

const capitalize = (text: string) => text.charAt(0).toUpperCase() + text.slice(1).replaceAll('_', ' ');

const roleTones: Record<string, BadgeTone> = {
  superadmin: 'accent',
  manager: 'info',
  admin: 'info',
  user: 'neutral',
  member: 'neutral',
  disabled: 'danger',
};

/** The tone of a user role (superadmin, manager, user, disabled). */
const roleTone = (role: string): BadgeTone => roleTones[role] ?? 'neutral';

/** A role shown as a badge, capitalised ('Manager'). */
export function RoleBadge({ userRole, className }: { userRole: string; className?: string }) {
  return (
    <Badge tone={roleTone(userRole)} className={className}>
      {userRole === 'superadmin' ? 'Super Admin' : capitalize(userRole)}
    </Badge>
  );
}

const statusTones: Record<string, BadgeTone> = {
  active: 'success',
  online: 'success',
  running: 'success',
  trialing: 'info',
  pending: 'warning',
  unassigned: 'warning',
  stale: 'warning',
  past_due: 'warning',
  suspended: 'danger',
  terminated: 'danger',
  unpaid: 'danger',
  failed: 'danger',
  offline: 'neutral',
  stopped: 'neutral',
  ignored: 'neutral',
  archived: 'neutral',
  canceled: 'neutral',
};

/** The tone of a status (account, subscription, person, integration). */
const statusTone = (status: string): BadgeTone => statusTones[status] ?? 'neutral';

/** A status shown as a badge with a dot, capitalised ('Past due'). */
export function StatusBadge({ status, label, className }: { status: string; label?: string; className?: string }) {
  return (
    <Badge tone={statusTone(status)} dot className={className}>
      {label ?? capitalize(status)}
    </Badge>
  );
}
