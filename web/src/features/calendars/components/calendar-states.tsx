import { Button } from '../../../ui/button';

export function CalendarLoading({ text }: { text: string }) {
  return (
    <div
      role="status"
      className="flex items-center justify-center gap-2 rounded-lg border border-line bg-surface px-6 py-16 text-sm text-muted"
    >
      <span data-spinner className="size-4 animate-spin rounded-full border-2 border-line-strong border-t-accent" />
      {text}
    </div>
  );
}

export function CalendarError({
  message,
  onRetry,
  retrying,
}: {
  message: string;
  onRetry: () => void;
  retrying: boolean;
}) {
  return (
    <div
      role="alert"
      className="flex flex-col items-center gap-3 rounded-lg border border-line bg-surface px-6 py-16 text-center"
    >
      <p className="text-sm font-medium text-red-600 dark:text-red-400">Error: {message}</p>
      <Button onClick={onRetry} loading={retrying}>
        Retry
      </Button>
    </div>
  );
}
