import type { ActivityEvent } from '@overlap/contract/activity';
import { eventLabel } from '../lib/event-details';
import { EventDetailsPanel } from './event-details-panel';
import { MarkerPopover, type MarkerPopoverState } from './marker-popover';

/** An event's details beside its marker (loaded when a marker is first opened). */
export default function EventPopover({
  event,
  color,
  ...state
}: MarkerPopoverState & { event: ActivityEvent; color: string }) {
  return (
    <MarkerPopover {...state} label={eventLabel(event)}>
      <EventDetailsPanel event={event} color={color} />
    </MarkerPopover>
  );
}
