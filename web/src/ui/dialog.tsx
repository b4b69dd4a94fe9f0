import { X } from 'lucide-react';
import { Dialog as RadixDialog } from 'radix-ui';
import type { ReactNode } from 'react';
import { cn } from '../lib/cn';

export const Dialog = RadixDialog.Root;
export const DialogTrigger = RadixDialog.Trigger;
export const DialogClose = RadixDialog.Close;

interface DialogContentProps {
  title: ReactNode;
  /** One or two sentences under the title; also the dialog's accessible description. */
  description?: ReactNode;
  children?: ReactNode;
  /** Actions, right-aligned at the bottom (put the primary action last). */
  footer?: ReactNode;
  size?: 'sm' | 'md' | 'lg';
  className?: string;
  /** Hide the corner close button (the dialog still closes with Escape). */
  hideClose?: boolean;
}

const widths = { sm: 'max-w-sm', md: 'max-w-lg', lg: 'max-w-2xl' };

export const overlayClasses = 'fixed inset-0 z-50 animate-fade-in bg-zinc-950/40 backdrop-blur-[2px] dark:bg-black/60';
export const panelClasses =
  'fixed top-1/2 left-1/2 z-50 flex max-h-[calc(100dvh-2rem)] w-[calc(100vw-2rem)] -translate-x-1/2 -translate-y-1/2 flex-col rounded-xl border border-line bg-surface text-fg shadow-2xl outline-none';

/** A modal dialog: focus is trapped, Escape and the close button dismiss it. */
export function DialogContent({
  title,
  description,
  children,
  footer,
  size = 'md',
  className,
  hideClose,
}: DialogContentProps) {
  return (
    <RadixDialog.Portal>
      <RadixDialog.Overlay className={overlayClasses} />
      <RadixDialog.Content
        className={cn(panelClasses, widths[size], className)}
        {...(description ? {} : { 'aria-describedby': undefined })}
      >
        <div className="flex items-start gap-4 px-5 pt-5">
          <div className="min-w-0 flex-1">
            <RadixDialog.Title className="text-base font-semibold tracking-tight">{title}</RadixDialog.Title>
            {description ? (
              <RadixDialog.Description className="mt-1.5 text-sm text-muted">{description}</RadixDialog.Description>
            ) : null}
          </div>
          {hideClose ? null : (
            <RadixDialog.Close
              aria-label="Close"
              className="-mt-1 -mr-1 inline-flex size-8 items-center justify-center rounded-md text-muted transition-colors hover:bg-subtle hover:text-fg"
            >
              <X className="size-4" aria-hidden="true" />
            </RadixDialog.Close>
          )}
        </div>
        {children ? <div className="min-h-0 overflow-y-auto px-5 pt-4 pb-1 text-sm">{children}</div> : null}
        {footer ? (
          <div className="mt-4 flex flex-col-reverse gap-2 border-t border-line px-5 py-3 sm:flex-row sm:justify-end">
            {footer}
          </div>
        ) : (
          <div className="h-5" />
        )}
      </RadixDialog.Content>
    </RadixDialog.Portal>
  );
}
