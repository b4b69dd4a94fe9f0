import type { ActivityEvent } from '@overlap/contract/activity';
import {
  Activity,
  ExternalLink,
  FileText,
  GitCommitHorizontal,
  type LucideIcon,
  Rocket,
  Share2,
  Sheet,
} from 'lucide-react';
import { safeHref } from '../../../lib/safe-href';
import { Popover, PopoverContent, PopoverTrigger } from '../../../ui/popover';
import { describeEventMetadata, eventKindLabel } from '../lib/event-details';
import { formatDateTime } from '../lib/format';

const KIND_ICONS: Record<string, LucideIcon> = {
  git_commit: GitCommitHorizontal,
  commit: GitCommitHorizontal,
  deployment: Rocket,
  google_drive_file_edit: FileText,
  google_drive_external_collaboration: Share2,
  google_drive_summary: Sheet,
};

const eventIcon = (kind: string): LucideIcon => KIND_ICONS[kind] ?? Activity;

/** A small marker on the column edge; its popover tells kind, title, link, who and when. */
export function EventMarker({ event, top, color }: { event: ActivityEvent; top: number; color: string }) {
  const Icon = eventIcon(event.kind);
  const kind = eventKindLabel(event.kind);
  const url = safeHref(event.url);
  const details = describeEventMetadata(event.metadata);
  return (
    <Popover>
      <PopoverTrigger asChild>
        <button
          type="button"
          aria-label={`${kind}: ${event.title ?? event.integrationName}`}
          className="absolute right-0.5 z-[3] flex size-4 -translate-y-1/2 items-center justify-center rounded-full border border-surface bg-surface text-fg shadow-sm ring-1 ring-line-strong transition-transform hover:scale-125 focus-visible:scale-125"
          style={{ top, color }}
        >
          <Icon className="size-2.5" aria-hidden="true" strokeWidth={2.5} />
        </button>
      </PopoverTrigger>
      <PopoverContent side="left" align="start" className="w-80">
        <div className="flex items-start gap-2.5">
          <span
            className="mt-0.5 flex size-7 shrink-0 items-center justify-center rounded-md bg-subtle"
            style={{ color }}
          >
            <Icon className="size-4" aria-hidden="true" />
          </span>
          <div className="min-w-0 flex-1">
            <p className="text-xs font-medium text-muted">
              {kind} · {event.integrationName}
            </p>
            <p className="mt-0.5 font-medium break-words text-fg">{event.title || kind}</p>
            <p className="tabular mt-0.5 text-xs text-muted">{formatDateTime(event.timestamp)}</p>
          </div>
        </div>
        {details.length > 0 ? (
          <ul className="mt-3 space-y-1 border-t border-line pt-2.5 text-[13px] text-fg">
            {details.map((line) => (
              <li key={line} className="break-words">
                {line}
              </li>
            ))}
          </ul>
        ) : null}
        {url ? (
          <a
            href={url}
            target="_blank"
            rel="noopener noreferrer"
            className="mt-3 inline-flex items-center gap-1.5 text-[13px] font-medium text-accent-text hover:underline"
          >
            Open <ExternalLink className="size-3.5" aria-hidden="true" />
          </a>
        ) : null}
      </PopoverContent>
    </Popover>
  );
}
