import type { ChatApp } from '@overlap/contract/onboarding';
import { Check, Lock, MessagesSquare, Sparkles, Webhook } from 'lucide-react';
import { useId } from 'react';
import { cn } from '../../../lib/cn';
import { Spinner } from '../../../ui/spinner';
import { chatAppSummary } from '../lib/chat-app-summary';

const iconOf = (app: ChatApp) =>
  app.authType === 'none' ? Sparkles : app.authType === 'token' ? Webhook : MessagesSquare;

interface ChatAppCardProps {
  app: ChatApp;
  selected: boolean;
  /** Another app is chosen: this one is dimmed and cannot be clicked. */
  dimmed: boolean;
  creating: boolean;
  onChoose: (app: ChatApp) => void;
}

/** One chat app of step 1; an app this server cannot use says why. */
export function ChatAppCard({ app, selected, dimmed, creating, onChoose }: ChatAppCardProps) {
  const reasonId = useId();
  const Icon = iconOf(app);
  const disabled = !app.available || dimmed || selected;
  const summary = chatAppSummary(app.description);
  return (
    <button
      type="button"
      onClick={() => onChoose(app)}
      disabled={disabled}
      aria-pressed={selected}
      aria-describedby={!app.available && app.unavailableReason ? reasonId : undefined}
      className={cn(
        'group relative flex h-full w-full items-start gap-3 rounded-lg border bg-surface p-4 text-left transition',
        'enabled:hover:border-accent/60 enabled:hover:bg-accent-soft/40',
        selected ? 'border-accent ring-1 ring-accent' : 'border-line',
        !app.available && 'cursor-not-allowed bg-canvas',
        dimmed && 'opacity-45',
      )}
    >
      <span
        className={cn(
          'flex size-9 shrink-0 items-center justify-center rounded-md border',
          selected ? 'border-accent/40 bg-accent-soft text-accent-text' : 'border-line bg-canvas text-muted',
        )}
      >
        <Icon className="size-4.5" aria-hidden="true" />
      </span>
      <span className="min-w-0 flex-1">
        <span className="flex items-center gap-2 text-sm font-semibold text-fg">
          {app.name}
          {!app.available ? <Lock className="size-3.5 text-muted" aria-hidden="true" /> : null}
        </span>
        {summary ? <span className="mt-0.5 block text-[13px] text-muted">{summary}</span> : null}
        {!app.available && app.unavailableReason ? (
          <span id={reasonId} className="mt-2 block text-xs text-amber-700 dark:text-amber-400">
            {app.unavailableReason}
          </span>
        ) : null}
      </span>
      {selected ? (
        <span className="absolute top-3 right-3 text-accent-text">
          {creating ? (
            <Spinner size="sm" label="Creating the integration" />
          ) : (
            <Check className="size-4" aria-label="Chosen" />
          )}
        </span>
      ) : null}
    </button>
  );
}
