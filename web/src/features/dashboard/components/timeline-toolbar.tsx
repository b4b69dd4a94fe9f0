import { Keyboard } from 'lucide-react';
import { Button } from '../../../ui/button';
import { Dialog, DialogContent } from '../../../ui/dialog';
import { Kbd } from '../../../ui/kbd';
import { Select } from '../../../ui/select';
import type { ColumnOrder } from '../lib/column-order';

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
    </ul>
  );
}

export const SHORTCUTS: { keys: string[]; what: string }[] = [
  { keys: ['←'], what: 'Previous day' },
  { keys: ['→'], what: 'Next day' },
  { keys: ['t'], what: 'Today' },
  { keys: ['?'], what: 'Show these shortcuts' },
  { keys: ['Esc'], what: 'Close a dialog, back to its block' },
];

export function ShortcutsDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent size="sm" title="Keyboard shortcuts" description="On the team dashboard">
        <dl className="grid grid-cols-[auto_1fr] items-center gap-x-4 gap-y-2 text-sm">
          {SHORTCUTS.map((s) => (
            <div key={s.what} className="contents">
              <dt className="flex gap-1">
                {s.keys.map((k) => (
                  <Kbd key={k}>{k}</Kbd>
                ))}
              </dt>
              <dd>{s.what}</dd>
            </div>
          ))}
        </dl>
      </DialogContent>
    </Dialog>
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
        <Select
          aria-label="Order columns by"
          value={order}
          onValueChange={(v) => onOrder(v as ColumnOrder)}
          options={[
            { value: 'name', label: 'By name' },
            { value: 'timezone', label: 'By timezone' },
            { value: 'localTime', label: 'By local time' },
          ]}
          className="h-8 w-40 text-[13px]"
        />
        <Button size="sm" variant="ghost" icon={<Keyboard />} onClick={onShortcuts} aria-label="Keyboard shortcuts">
          <span className="hidden sm:inline">Shortcuts</span>
        </Button>
      </div>
    </div>
  );
}
