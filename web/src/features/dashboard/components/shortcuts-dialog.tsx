import { Dialog, DialogContent } from '../../../ui/dialog';
import { Kbd } from '../../../ui/kbd';

export const SHORTCUTS: { keys: string[]; what: string }[] = [
  { keys: ['←'], what: 'Previous day' },
  { keys: ['→'], what: 'Next day' },
  { keys: ['t'], what: 'Today' },
  { keys: ['?'], what: 'Show these shortcuts' },
  { keys: ['Esc'], what: 'Close a dialog, back to its block' },
];

/** The dashboard's keyboard shortcuts (loaded when first opened). */
export default function ShortcutsDialog({
  open,
  onOpenChange,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
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
