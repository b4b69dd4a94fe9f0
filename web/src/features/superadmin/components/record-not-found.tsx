import type { LucideIcon } from 'lucide-react';
import { isApiError } from '../../../api/client';
import { ButtonLink } from '../../../ui/button';
import { EmptyState } from '../../../ui/empty-state';

/** The id in the link names no record (404), or is no id at all (400). */
export const isMissingRecord = (error: unknown) => isApiError(error, 404) || isApiError(error, 400);

interface RecordNotFoundProps {
  icon: LucideIcon;
  title: string;
  backTo: string;
  backLabel: string;
  width: 'max-w-5xl' | 'max-w-6xl';
}

/** An operator page whose record is gone or whose link is wrong, with the way back to its list. */
export function RecordNotFound({ icon, title, backTo, backLabel, width }: RecordNotFoundProps) {
  return (
    <div className={`mx-auto w-full ${width} px-4 py-8 sm:px-6`}>
      <EmptyState
        icon={icon}
        title={title}
        description="It may have been deleted, or the link is wrong."
        action={<ButtonLink to={backTo}>{backLabel}</ButtonLink>}
      />
    </div>
  );
}
