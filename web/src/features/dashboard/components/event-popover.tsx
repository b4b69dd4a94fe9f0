import type { ActivityEvent } from '@overlap/contract/activity';
import { ExternalLink } from 'lucide-react';
import type { RefObject } from 'react';
import { safeHref } from '../../../lib/safe-href';
import { Popover, PopoverAnchor, PopoverContent } from '../../../ui/popover';
import { describeEventMetadata, eventKindLabel } from '../lib/event-details';
import { formatDateTime } from '../lib/format';
import { eventIcon } from './event-icon';

interface EventPopoverProps {
  event: ActivityEvent;
  color: string;
  /** The marker it opened from: the popover sits beside it and hands focus back to it. */
  anchor: RefObject<HTMLButtonElement | null>;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

/** An event's details: kind, title, link, who and when (loaded when a marker is first opened). */
export default function EventPopover({ event, color, anchor, open, onOpenChange }: EventPopoverProps) {
  const Icon = eventIcon(event.kind);
  const kind = eventKindLabel(event.kind);
  const url = safeHref(event.url);
  const details = describeEventMetadata(event.metadata);
  return (
    <Popover open={open} onOpenChange={onOpenChange}>
      <PopoverAnchor virtualRef={anchor as RefObject<HTMLButtonElement>} />
      <PopoverContent
        side="left"
        align="start"
        className="w-80"
        aria-label={`${kind}: ${event.title ?? event.integrationName}`}
        onInteractOutside={(e) => {
          if (anchor.current?.contains(e.target as Node)) e.preventDefault();
        }}
        onCloseAutoFocus={(e) => {
          e.preventDefault();
          anchor.current?.focus();
        }}
      >
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
