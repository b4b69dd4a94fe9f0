import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { cn } from '../lib/cn';

interface EmptyStateProps {
  icon: LucideIcon;
  /** Optional short heading above the sentence. */
  title?: ReactNode;
  /** One sentence saying why it is empty. */
  description: ReactNode;
  /** One clear next step (a Button or ButtonLink). */
  action?: ReactNode;
  className?: string;
}

export function EmptyState({ icon: Icon, title, description, action, className }: EmptyStateProps) {
  return (
    <div
      className={cn(
        'flex flex-col items-center justify-center rounded-lg border border-dashed border-line-strong px-6 py-12 text-center',
        className,
      )}
    >
      <div className="mb-4 flex size-10 items-center justify-center rounded-lg border border-line bg-surface text-muted">
        <Icon className="size-5" aria-hidden="true" />
      </div>
      {title ? <h3 className="text-sm font-semibold text-fg">{title}</h3> : null}
      <p className={cn('max-w-sm text-sm text-muted', title && 'mt-1')}>{description}</p>
      {action ? <div className="mt-5">{action}</div> : null}
    </div>
  );
}
