import { ChevronLeft, ChevronRight } from 'lucide-react';
import { IconButton } from '../../../ui/icon-button';
import { Tooltip } from '../../../ui/tooltip';
import { type DateKey, dateLabel, shiftDateKey } from '../lib/view-date';

interface DatePickerProps {
  date: DateKey;
  today: DateKey;
  onChange: (next: DateKey | null) => void;
}

/** Previous day, the day's label (click: back to today), next day. */
export function DatePicker({ date, today, onChange }: DatePickerProps) {
  const go = (next: DateKey) => onChange(next === today ? null : next);
  const label = dateLabel(date, today);
  return (
    <nav aria-label="Viewed day" className="flex items-center gap-0.5 rounded-lg border border-line bg-surface p-0.5">
      <IconButton size="sm" label="Previous day" icon={<ChevronLeft />} onClick={() => go(shiftDateKey(date, -1))} />
      <Tooltip content={date === today ? date : 'Jump to today'}>
        <button
          type="button"
          onClick={() => onChange(null)}
          aria-label={date === today ? `Today, ${date}` : `${label}. Jump to today`}
          className="tabular h-7 min-w-24 rounded-md px-2 text-[13px] font-medium text-fg transition-colors hover:bg-subtle"
        >
          {label}
        </button>
      </Tooltip>
      <IconButton size="sm" label="Next day" icon={<ChevronRight />} onClick={() => go(shiftDateKey(date, 1))} />
    </nav>
  );
}
