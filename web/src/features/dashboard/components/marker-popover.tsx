import type { ReactNode, RefObject } from 'react';
import { DESKTOP_QUERY, useMediaQuery } from '../../../lib/use-media-query';
import { Popover, PopoverAnchor, PopoverContent } from '../../../ui/popover';

/** What a marker's popover is given by its marker (`MarkerButton`). */
export interface MarkerPopoverState {
  /** The marker it opened from: the popover sits beside it and hands focus back to it. */
  anchor: RefObject<HTMLButtonElement | null>;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

/**
 * The popover of an event marker or a cluster: beside the marker on wide screens, below it on a
 * phone, where neither side of a column has room. Pressing the marker again closes it; closing
 * hands focus back to the marker.
 */
export function MarkerPopover({
  anchor,
  open,
  onOpenChange,
  label,
  children,
}: MarkerPopoverState & { label: string; children: ReactNode }) {
  const wide = useMediaQuery(DESKTOP_QUERY, true);
  return (
    <Popover open={open} onOpenChange={onOpenChange}>
      <PopoverAnchor virtualRef={anchor as RefObject<HTMLButtonElement>} />
      <PopoverContent
        side={wide ? 'left' : 'bottom'}
        align={wide ? 'start' : 'end'}
        className="w-80"
        aria-label={label}
        onInteractOutside={(e) => {
          if (anchor.current?.contains(e.target as Node)) e.preventDefault();
        }}
        onCloseAutoFocus={(e) => {
          e.preventDefault();
          anchor.current?.focus();
        }}
      >
        {children}
      </PopoverContent>
    </Popover>
  );
}
