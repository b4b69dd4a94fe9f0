import { AlertDialog } from 'radix-ui';
import { type FormEvent, type ReactNode, useRef, useState } from 'react';
import { cn } from '../lib/cn';
import { Button } from './button';
import { overlayClasses, panelClasses } from './dialog';

interface ConfirmDialogProps {
  open?: boolean;
  onOpenChange?: (open: boolean) => void;
  /** An element that opens the dialog (for uncontrolled use). */
  trigger?: ReactNode;
  title: ReactNode;
  /** Says what is lost; say so when it cannot be undone. */
  description: ReactNode;
  confirmLabel?: string;
  cancelLabel?: string;
  tone?: 'default' | 'danger';
  /** Busy state controlled by the caller; otherwise a promise returned by onConfirm drives it. */
  pending?: boolean;
  /** Runs on confirm (button or Enter). When it returns a promise, the dialog closes once it resolves. */
  onConfirm: () => unknown;
  /**
   * When onConfirm's promise rejects, the dialog stays open and shows this message of the error
   * (for example the server's); without it the caller shows its own error as children.
   */
  errorOf?: (error: unknown) => string;
  /** Extra content between the description and the buttons (for example an error message). */
  children?: ReactNode;
}

/** Asks before an action. Enter confirms, Escape (or Cancel) closes; a pending action keeps it open. */
export function ConfirmDialog({
  open: openProp,
  onOpenChange,
  trigger,
  title,
  description,
  confirmLabel = 'Confirm',
  cancelLabel = 'Cancel',
  tone = 'default',
  pending: pendingProp,
  onConfirm,
  errorOf,
  children,
}: ConfirmDialogProps) {
  const [openState, setOpenState] = useState(false);
  const [running, setRunning] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const confirmRef = useRef<HTMLButtonElement>(null);
  const open = openProp ?? openState;
  const pending = pendingProp ?? running;

  const setOpen = (next: boolean) => {
    if (!next && pending) return;
    setFailure(null);
    if (openProp === undefined) setOpenState(next);
    onOpenChange?.(next);
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (pending) return;
    const result = onConfirm();
    if (!(result instanceof Promise)) return;
    setRunning(true);
    setFailure(null);
    try {
      await result;
      setRunning(false);
      if (openProp === undefined) setOpenState(false);
      onOpenChange?.(false);
    } catch (error) {
      setRunning(false);
      if (errorOf) setFailure(errorOf(error));
    }
  };

  return (
    <AlertDialog.Root open={open} onOpenChange={setOpen}>
      {trigger ? <AlertDialog.Trigger asChild>{trigger}</AlertDialog.Trigger> : null}
      <AlertDialog.Portal>
        <AlertDialog.Overlay className={overlayClasses} />
        <AlertDialog.Content
          className={cn(panelClasses, 'max-w-md')}
          onOpenAutoFocus={(event) => {
            event.preventDefault();
            confirmRef.current?.focus();
          }}
          onEscapeKeyDown={(event) => {
            if (pending) event.preventDefault();
          }}
        >
          <form onSubmit={submit}>
            <div className="px-5 pt-5">
              <AlertDialog.Title className="text-base font-semibold tracking-tight">{title}</AlertDialog.Title>
              <AlertDialog.Description className="mt-1.5 text-sm text-muted">{description}</AlertDialog.Description>
              {children ? <div className="mt-4 text-sm">{children}</div> : null}
              {failure ? (
                <p role="alert" className="mt-4 text-sm text-red-600 dark:text-red-400">
                  {failure}
                </p>
              ) : null}
            </div>
            <div className="mt-5 flex flex-col-reverse gap-2 border-t border-line px-5 py-3 sm:flex-row sm:justify-end">
              <AlertDialog.Cancel asChild>
                <Button variant="secondary" disabled={pending}>
                  {cancelLabel}
                </Button>
              </AlertDialog.Cancel>
              <Button
                ref={confirmRef}
                type="submit"
                variant={tone === 'danger' ? 'danger' : 'primary'}
                loading={pending}
              >
                {confirmLabel}
              </Button>
            </div>
          </form>
        </AlertDialog.Content>
      </AlertDialog.Portal>
    </AlertDialog.Root>
  );
}
