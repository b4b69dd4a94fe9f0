import type { ActivityEvent } from '@overlap/contract/activity';
import type { RefObject } from 'react';
import { DESKTOP_QUERY, useMediaQuery } from '../../../lib/use-media-query';
import { Popover, PopoverAnchor, PopoverContent } from '../../../ui/popover';
import { eventKindLabel } from '../lib/event-details';
import { EventDetailsPanel } from './event-details-panel';

interface EventPopoverProps {
  event: ActivityEvent;
  color: string;
  /** The marker it opened from: the popover sits beside it and hands focus back to it. */
  anchor: RefObject<HTMLButtonElement | null>;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

/** An event's details beside its marker (loaded when a marker is first opened). */
export default function EventPopover({ event, color, anchor, open, onOpenChange }: EventPopoverProps) {
  const wide = useMediaQuery(DESKTOP_QUERY, true);
  return (
    <Popover open={open} onOpenChange={onOpenChange}>
      <PopoverAnchor virtualRef={anchor as RefObject<HTMLButtonElement>} />
      <PopoverContent
        // Beside the marker on wide screens; below it on a phone, where neither side has room.
        side={wide ? 'left' : 'bottom'}
        align={wide ? 'start' : 'end'}
        className="w-80"
        aria-label={`${eventKindLabel(event.kind)}: ${event.title ?? event.integrationName}`}
        onInteractOutside={(e) => {
          if (anchor.current?.contains(e.target as Node)) e.preventDefault();
        }}
        onCloseAutoFocus={(e) => {
          e.preventDefault();
          anchor.current?.focus();
        }}
      >
        <EventDetailsPanel event={event} color={color} />
      </PopoverContent>
    </Popover>
  );
}
