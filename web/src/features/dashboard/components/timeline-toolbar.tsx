import { Keyboard } from 'lucide-react';
import { Button } from '../../../ui/button';
import type { ColumnOrder } from '../lib/column-order';
import { ColumnOrderSelect } from './column-order-select';

const swatch = 'inline-block h-3 w-4 rounded-[3px] align-middle';

/** What the marks of the timeline mean. */
function Legend() {
  return (
    <ul aria-label="Legend" className="flex flex-wrap items-center gap-x-4 gap-y-1 text-xs text-muted">
      <li className="flex items-center gap-1.5">
        <span className={`${swatch} bg-accent/85`} aria-hidden="true" />
        Actual
      </li>
      <li className="flex items-center gap-1.5">
        <span
          className={`${swatch} border border-dashed border-accent`}
          style={{
            backgroundImage: 'repeating-linear-gradient(135deg, var(--color-accent) 0 3px, transparent 3px 6px)',
            opacity: 0.8,
          }}
          aria-hidden="true"
        />
        Predicted
      </li>
      <li className="flex items-center gap-1.5">
        <span className="flex" aria-hidden="true">
          {[0.8, 0.6, 0.5].map((o) => (
            <span key={o} className="inline-block h-3 w-2 bg-accent" style={{ opacity: o * 0.7 }} />
          ))}
        </span>
        Confidence (fainter is less sure)
      </li>
      <li className="flex items-center gap-1.5">
        <span className="inline-block size-3 rounded-full border-2 border-accent bg-surface" aria-hidden="true" />
        Events (commits, edits)
      </li>
      <li className="flex items-center gap-1.5">
        <span
          className="inline-flex size-3.5 items-center justify-center rounded-full bg-fg text-[9px] leading-none font-semibold text-surface"
          aria-hidden="true"
        >
          3
        </span>
        Events close together
      </li>
    </ul>
  );
}

interface TimelineToolbarProps {
  order: ColumnOrder;
  onOrder: (order: ColumnOrder) => void;
  onShortcuts: () => void;
}

/** Legend, column order and the shortcuts list, above the timeline. */
export function TimelineToolbar({ order, onOrder, onShortcuts }: TimelineToolbarProps) {
  return (
    <div className="flex flex-wrap items-center justify-between gap-2">
      <Legend />
      <div className="flex items-center gap-2">
        <ColumnOrderSelect order={order} onOrder={onOrder} />
        <Button size="sm" variant="ghost" icon={<Keyboard />} onClick={onShortcuts} aria-label="Keyboard shortcuts">
          <span className="hidden sm:inline">Shortcuts</span>
        </Button>
      </div>
    </div>
  );
}
