import { EyeOff, UserPlus } from 'lucide-react';
import { useState } from 'react';
import { Button } from '../../../ui/button';
import { ConfirmDialog } from '../../../ui/confirm-dialog';
import { toast } from '../../../ui/toaster';
import { useBulkUnassigned } from '../api/people';

const peopleText = (n: number) => (n === 1 ? '1 person' : `${n} people`);

interface BulkActionsProps {
  /** Everyone waiting (the list's total). */
  total: number;
  selected: readonly string[];
  /** Room left under the plan's limit (Infinity when unlimited). */
  room: number;
  onDone: () => void;
}

/** 'Activate all' and 'Ignore selected' on the unassigned tab, each behind one confirmation. */
export function BulkActions({ total, selected, room, onDone }: BulkActionsProps) {
  const bulk = useBulkUnassigned();
  const [dialog, setDialog] = useState<'activate' | 'ignore' | null>(null);
  const fits = total <= room;
  const errorOf = (error: unknown) => (error instanceof Error ? error.message : 'Please try again.');

  return (
    <div className="flex flex-wrap items-center gap-2" data-testid="bulk-actions">
      <Button
        size="sm"
        variant="primary"
        icon={<UserPlus />}
        disabled={total === 0 || !fits}
        onClick={() => setDialog('activate')}
      >
        Activate all ({total})
      </Button>
      <Button size="sm" icon={<EyeOff />} disabled={selected.length === 0} onClick={() => setDialog('ignore')}>
        Ignore selected ({selected.length})
      </Button>
      {!fits && total > 0 ? (
        <span className="text-xs text-muted">
          Your plan has room for {peopleText(Math.max(0, room))} more: activate them one by one or upgrade.
        </span>
      ) : null}
      <ConfirmDialog
        open={dialog === 'activate'}
        onOpenChange={(open) => setDialog(open ? 'activate' : null)}
        title={`Activate ${peopleText(total)}?`}
        description="Everyone on the Unassigned tab becomes active under the name they were reported with; you can rename them later."
        confirmLabel={`Activate ${peopleText(total)}`}
        errorOf={errorOf}
        onConfirm={async () => {
          const done = await bulk.mutateAsync({ action: 'activate', all: true });
          toast.success(`${peopleText(done.count)} activated`);
          onDone();
        }}
      />
      <ConfirmDialog
        open={dialog === 'ignore'}
        onOpenChange={(open) => setDialog(open ? 'ignore' : null)}
        tone="danger"
        title={`Ignore ${peopleText(selected.length)}?`}
        description="Their activity data is deleted and they move to the Ignored tab, from where you can move them back."
        confirmLabel={`Ignore ${peopleText(selected.length)}`}
        errorOf={errorOf}
        onConfirm={async () => {
          const done = await bulk.mutateAsync({ action: 'ignore', ids: [...selected] });
          toast.success(`${peopleText(done.count)} ignored`);
          onDone();
        }}
      />
    </div>
  );
}
