import { Clock, Lock } from 'lucide-react';
import { cn } from '../../../lib/cn';
import { Badge } from '../../../ui/badge';
import { Spinner } from '../../../ui/spinner';
import { CATEGORY_LABELS, type CatalogueCategory } from '../lib/catalogue';
import { ProviderLogo } from './provider-logo';

export interface ServiceCardProps {
  provider: string;
  name: string;
  description: string;
  category: CatalogueCategory;
  /** 'available' can be chosen; 'unavailable' and 'coming-soon' are shown disabled with why. */
  availability: 'available' | 'unavailable' | 'coming-soon';
  tokenAuthentication?: boolean;
  lock?: string | null;
  busy?: boolean;
  disabled?: boolean;
  onChoose?: () => void;
}

/** One service of the catalogue: logo, name, what it brings, its category and, when it can't be added, why. */
export function ServiceCard({
  provider,
  name,
  description,
  category,
  availability,
  tokenAuthentication = false,
  lock = null,
  busy = false,
  disabled = false,
  onChoose,
}: ServiceCardProps) {
  const offered = availability === 'available';
  const content = (
    <>
      <span className="flex items-start gap-3">
        <ProviderLogo provider={provider} />
        <span className="flex min-w-0 flex-1 items-start justify-between gap-2 pt-1.5">
          <span className="font-semibold text-fg">{name}</span>
          {busy ? (
            <Spinner size="sm" />
          ) : lock ? (
            <Lock className="size-4 shrink-0 text-muted" aria-label="Locked" />
          ) : null}
        </span>
      </span>
      {description ? <span className="line-clamp-3 text-sm text-muted">{description}</span> : null}
      <span className="mt-auto flex flex-wrap items-center gap-2 pt-1">
        <Badge tone={category === 'chat' ? 'accent' : 'neutral'}>{CATEGORY_LABELS[category]}</Badge>
        {tokenAuthentication ? <Badge>API key</Badge> : null}
        {availability === 'coming-soon' ? (
          <Badge>
            <Clock className="size-3" aria-hidden="true" />
            Coming soon
          </Badge>
        ) : null}
        {availability === 'unavailable' ? <Badge tone="warning">Unavailable</Badge> : null}
      </span>
      {lock ? <span className="text-[13px] font-medium text-amber-700 dark:text-amber-400">{lock}</span> : null}
    </>
  );
  const base = 'flex h-full w-full flex-col gap-2 rounded-lg border border-line p-4 text-left';
  if (!offered) {
    return (
      <div className={cn(base, 'bg-canvas opacity-75')} aria-disabled="true" data-availability={availability}>
        {content}
      </div>
    );
  }
  return (
    <button
      type="button"
      onClick={onChoose}
      disabled={disabled}
      aria-busy={busy || undefined}
      className={cn(
        base,
        'bg-surface transition-colors hover:border-line-strong hover:bg-subtle/50 disabled:cursor-not-allowed disabled:opacity-60',
        lock && 'bg-canvas',
      )}
    >
      {content}
    </button>
  );
}
