import { ChevronDown } from 'lucide-react';
import { type KeyboardEvent, lazy, Suspense, useState } from 'react';
import { cn } from '../../../lib/cn';
import { controlClasses } from '../../../ui/control-classes';
import type { ColumnOrder } from '../lib/column-order';

const Select = lazy(() => import('../../../ui/select').then((m) => ({ default: m.Select })));

const OPTIONS: { value: ColumnOrder; label: string }[] = [
  { value: 'name', label: 'By name' },
  { value: 'timezone', label: 'By timezone' },
  { value: 'localTime', label: 'By local time' },
];
const OPEN_KEYS = new Set(['Enter', ' ', 'ArrowDown', 'ArrowUp']);
const LABEL = 'Order columns by';
const SIZE = 'h-8 w-40 text-[13px]';
/** The classes the select gives its trigger, so the button before it looks the same. */
const TRIGGER = 'inline-flex h-9 items-center justify-between gap-2 text-left';

interface ColumnOrderSelectProps {
  order: ColumnOrder;
  onOrder: (order: ColumnOrder) => void;
}

/**
 * The column order choice. Until first pressed it is a plain button drawn like the select's
 * trigger; the press loads the select, which opens on its list.
 */
export function ColumnOrderSelect({ order, onOrder }: ColumnOrderSelectProps) {
  const [wanted, setWanted] = useState(false);
  const placeholder = (
    <button
      type="button"
      role="combobox"
      aria-label={LABEL}
      aria-expanded={false}
      onPointerDown={(e) => {
        if (e.button === 0 && e.pointerType === 'mouse') setWanted(true);
      }}
      onClick={() => setWanted(true)}
      onKeyDown={(e: KeyboardEvent) => {
        if (!OPEN_KEYS.has(e.key)) return;
        e.preventDefault();
        setWanted(true);
      }}
      className={cn(controlClasses, TRIGGER, SIZE)}
    >
      <span className="truncate">{OPTIONS.find((o) => o.value === order)?.label}</span>
      <ChevronDown className="size-4 text-muted" aria-hidden="true" />
    </button>
  );
  if (!wanted) return placeholder;
  return (
    <Suspense fallback={placeholder}>
      <Select
        defaultOpen
        aria-label={LABEL}
        value={order}
        onValueChange={(v) => onOrder(v as ColumnOrder)}
        options={OPTIONS}
        className={SIZE}
      />
    </Suspense>
  );
}
