import { Popover as RadixPopover } from 'radix-ui';
import { type ComponentPropsWithoutRef, forwardRef } from 'react';
import { cn } from '../lib/cn';

export const Popover = RadixPopover.Root;
export const PopoverTrigger = RadixPopover.Trigger;
export const PopoverAnchor = RadixPopover.Anchor;

/** The floating panel of a Popover: portalled, with a border, radius and a shadow. */
export const PopoverContent = forwardRef<HTMLDivElement, ComponentPropsWithoutRef<typeof RadixPopover.Content>>(
  function PopoverContent({ className, sideOffset = 6, align = 'start', ...props }, ref) {
    return (
      <RadixPopover.Portal>
        <RadixPopover.Content
          ref={ref}
          sideOffset={sideOffset}
          align={align}
          collisionPadding={8}
          className={cn(
            'z-50 w-72 animate-pop-in rounded-lg border border-line bg-surface p-3 text-sm text-fg shadow-lg outline-none',
            className,
          )}
          {...props}
        />
      </RadixPopover.Portal>
    );
  },
);
