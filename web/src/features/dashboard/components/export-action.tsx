import { useEffect, useRef } from 'react';
import { ExportButton, lastDays } from '../../export';

export interface ExportActionProps {
  /** The viewed day: the export offers the 30 days up to it. */
  date: string;
  /** Only these people; everyone active when empty. */
  people: readonly string[];
  who: string;
}

/**
 * The dashboard's Export button with its dialog, mounted by the first press of the button drawn
 * before it: it opens the dialog at once, which hands focus back to this button when it closes.
 */
export default function ExportAction({ date, people, who }: ExportActionProps) {
  const box = useRef<HTMLSpanElement>(null);
  const opened = useRef(false);
  useEffect(() => {
    if (opened.current) return;
    opened.current = true;
    box.current?.querySelector('button')?.click();
  }, []);
  return (
    <span ref={box} className="contents">
      <ExportButton range={lastDays(date, 30)} people={people} who={who} />
    </span>
  );
}
