import type { ActivityEvent } from '@overlap/contract/activity';
import { ExternalLink } from 'lucide-react';
import { safeHref } from '../../../lib/safe-href';
import { describeEventMetadata, eventKindLabel } from '../lib/event-details';
import { formatDateTime } from '../lib/format';
import { eventIcon } from './event-icon';

/** An event's details: kind, title, link, who and when (inside a marker's or a cluster's popover). */
export function EventDetailsPanel({ event, color }: { event: ActivityEvent; color: string }) {
  const Icon = eventIcon(event.kind);
  const kind = eventKindLabel(event.kind);
  const url = safeHref(event.url);
  const details = describeEventMetadata(event.metadata);
  return (
    <>
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
    </>
  );
}
