import { ArrowLeft, ChevronLeft, ChevronRight, Settings } from 'lucide-react';
import type { ReactNode } from 'react';
import { ButtonLink } from '../../../ui/button';
import { IconButton } from '../../../ui/icon-button';

interface CalendarToolbarProps {
  title: ReactNode;
  subtitle?: ReactNode;
  backTo?: { to: string; label: string };
  /** The other view ('Year' / 'Week'). */
  switchTo: { to: string; label: string };
  settingsTo: string | null;
  prev: { label: string; onClick: () => void };
  next: { label: string; onClick: () => void };
  leading?: ReactNode;
  /** More buttons beside the view switch (the year view's Export). */
  actions?: ReactNode;
}

/** Title, back, previous/next and the view switch of the week and year pages. */
export function CalendarToolbar({
  title,
  subtitle,
  backTo,
  switchTo,
  settingsTo,
  prev,
  next,
  leading,
  actions,
}: CalendarToolbarProps) {
  return (
    <div className="flex flex-wrap items-center gap-x-4 gap-y-3">
      {/* At least 15rem for the title: on a phone the buttons wrap below it instead of squeezing it to a word a line. */}
      <div className="flex min-w-0 flex-1 basis-60 items-center gap-3">
        {backTo ? (
          <ButtonLink
            to={backTo.to}
            variant="ghost"
            size="icon"
            aria-label={backTo.label}
            icon={<ArrowLeft className="size-4" />}
          />
        ) : null}
        {leading}
        <div className="min-w-0">
          <h1 className="text-lg font-semibold tracking-tight break-words">{title}</h1>
          {subtitle ? <p className="tabular text-[13px] break-words text-muted">{subtitle}</p> : null}
        </div>
      </div>
      <div className="flex flex-wrap items-center gap-2">
        <div className="flex items-center rounded-lg border border-line bg-surface p-0.5">
          <IconButton size="sm" label={prev.label} icon={<ChevronLeft />} onClick={prev.onClick} />
          <IconButton size="sm" label={next.label} icon={<ChevronRight />} onClick={next.onClick} />
        </div>
        <ButtonLink to={switchTo.to} size="sm">
          {switchTo.label}
        </ButtonLink>
        {actions}
        {settingsTo ? (
          <ButtonLink to={settingsTo} size="sm" icon={<Settings className="size-3.5" />}>
            Person Settings
          </ButtonLink>
        ) : null}
      </div>
    </div>
  );
}
