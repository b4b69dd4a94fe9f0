import type { AvailableService } from '@overlap/contract/integrations';
import { Lock, MessageSquare } from 'lucide-react';
import { cn } from '../../../lib/cn';
import { Badge } from '../../../ui/badge';
import { Spinner } from '../../../ui/spinner';
import { plainSummary } from '../lib/plan-lock';

/** One service to add: a button with its name, summary, a 'Chat' tag and, when blocked, a lock and why. */
export function ServiceCard({
  service,
  lock,
  busy,
  disabled,
  onChoose,
}: {
  service: AvailableService;
  lock: string | null;
  busy: boolean;
  disabled: boolean;
  onChoose: () => void;
}) {
  const summary = plainSummary(service.description);
  return (
    <button
      type="button"
      onClick={onChoose}
      disabled={disabled}
      aria-busy={busy || undefined}
      className={cn(
        'flex h-full flex-col gap-2 rounded-lg border border-line bg-surface p-4 text-left transition-colors',
        'hover:border-line-strong hover:bg-subtle/50 disabled:cursor-not-allowed disabled:opacity-60',
        lock && 'bg-canvas',
      )}
    >
      <span className="flex items-start justify-between gap-2">
        <span className="font-semibold text-fg">{service.name}</span>
        {busy ? (
          <Spinner size="sm" />
        ) : lock ? (
          <Lock className="size-4 shrink-0 text-muted" aria-label="Locked" />
        ) : null}
      </span>
      {summary ? <span className="line-clamp-3 text-sm text-muted">{summary}</span> : null}
      <span className="mt-auto flex flex-wrap items-center gap-2 pt-1">
        {service.category === 'chat' ? (
          <Badge tone="accent">
            <MessageSquare className="size-3" aria-hidden="true" />
            Chat
          </Badge>
        ) : null}
        {service.tokenAuthentication ? <Badge>API key</Badge> : null}
      </span>
      {lock ? <span className="text-[13px] font-medium text-amber-700 dark:text-amber-400">{lock}</span> : null}
    </button>
  );
}
