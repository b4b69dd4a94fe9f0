import type { ReactNode } from 'react';
import { formatDateTime } from '../../../../lib/format-time';
import { Card, CardContent, CardHeader } from '../../../../ui/card';

/** One section of the operator account page: a card with a title. */
export function Section({
  title,
  description,
  actions,
  children,
}: {
  title: string;
  description?: ReactNode;
  actions?: ReactNode;
  children: ReactNode;
}) {
  return (
    <Card>
      <CardHeader title={title} description={description} actions={actions} />
      <CardContent>{children}</CardContent>
    </Card>
  );
}

/** Label and value rows. */
export function Facts({ children }: { children: ReactNode }) {
  return <dl className="flex flex-col gap-2.5 text-sm">{children}</dl>;
}

export function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="flex min-w-0 flex-col gap-0.5 sm:flex-row sm:items-baseline sm:gap-4">
      <dt className="w-40 shrink-0 text-[13px] text-muted">{label}</dt>
      <dd className="min-w-0 break-words text-fg">{children}</dd>
    </div>
  );
}

/** A date and time, or 'Never' when missing ('Invalid date' when unreadable). */
export function when(iso: string | null | undefined): string {
  return iso ? formatDateTime(iso) : 'Never';
}
