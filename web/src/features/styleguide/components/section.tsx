import type { ReactNode } from 'react';
import { cn } from '../../../lib/cn';

export function Section({
  id,
  title,
  description,
  children,
}: {
  id: string;
  title: string;
  description?: string;
  children: ReactNode;
}) {
  return (
    <section id={id} aria-labelledby={`${id}-title`} className="scroll-mt-20">
      <div className="mb-4">
        <h2 id={`${id}-title`} className="text-base font-semibold tracking-tight text-fg">
          {title}
        </h2>
        {description ? <p className="mt-1 text-sm text-muted">{description}</p> : null}
      </div>
      <div className="flex flex-col gap-4">{children}</div>
    </section>
  );
}

/** One labelled row of examples inside a bordered panel. */
export function Example({ label, children, className }: { label: string; children: ReactNode; className?: string }) {
  return (
    <div className="rounded-lg border border-line bg-surface">
      <p className="border-b border-line px-4 py-2 text-xs font-medium text-muted">{label}</p>
      <div className={cn('flex flex-wrap items-center gap-3 p-4', className)}>{children}</div>
    </div>
  );
}
