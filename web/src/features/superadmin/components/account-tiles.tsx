import type { AccountCounts, BillingFilter } from '@overlap/contract/superadmin';
import { cn } from '../../../lib/cn';
import { Skeleton } from '../../../ui/skeleton';
import { TILE_GROUPS } from '../lib/tiles';

export interface AccountTilesProps {
  counts: AccountCounts | undefined;
  active: BillingFilter | null;
  /** Called with the tile's filter, or null when the active tile is clicked again. */
  onChange: (filter: BillingFilter | null) => void;
}

/** The summary tiles in their groups; each toggles its filter on the list below. */
export function AccountTiles({ counts, active, onChange }: AccountTilesProps) {
  return (
    <div className="grid gap-4 lg:grid-cols-[4fr_4fr_3fr]">
      {TILE_GROUPS.map((group) => (
        <section key={group.title} aria-label={group.title} className="flex min-w-0 flex-col gap-2">
          <h3 className="text-xs font-medium tracking-wide text-muted uppercase">{group.title}</h3>
          <div className="grid grid-cols-2 gap-2 sm:grid-cols-4 lg:grid-cols-2 2xl:grid-cols-none 2xl:grid-flow-col 2xl:auto-cols-fr">
            {group.tiles.map((tile) => {
              const pressed = active === tile.filter;
              return (
                <button
                  key={tile.filter}
                  type="button"
                  aria-pressed={pressed}
                  title={tile.hint}
                  onClick={() => onChange(pressed ? null : tile.filter)}
                  className={cn(
                    'flex min-w-0 flex-col items-start gap-0.5 rounded-lg border px-3 py-2.5 text-left transition-colors',
                    pressed
                      ? 'border-accent bg-accent-soft ring-1 ring-accent'
                      : 'border-line bg-surface hover:border-line-strong hover:bg-subtle/60',
                  )}
                >
                  <span className="w-full text-xs leading-tight text-muted">{tile.label}</span>
                  {counts ? (
                    <span className="tabular text-xl font-semibold tracking-tight text-fg">{counts[tile.filter]}</span>
                  ) : (
                    <Skeleton className="my-1 h-5 w-8" />
                  )}
                </button>
              );
            })}
          </div>
        </section>
      ))}
    </div>
  );
}
