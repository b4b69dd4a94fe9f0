import type { LongActivityBlock } from '@overlap/contract/maintenance';
import { useEffect, useRef, useState } from 'react';
import { useDeleteBlock } from '../../../api/activity-blocks';
import { ConfirmDialog } from '../../../ui/confirm-dialog';
import { toast } from '../../../ui/toaster';
import { formatHours, formatInstant, personLabel } from '../lib/format';

export const DELETE_BLOCK_ERROR = 'Failed to delete activity block. Please try again.';

interface DeleteBlockDialogProps {
  block: LongActivityBlock | null;
  onClose: () => void;
}

/** Asks before deleting a block; a failure keeps the dialog open with the spec's message. */
export function DeleteBlockDialog({ block, onClose }: DeleteBlockDialogProps) {
  const remove = useDeleteBlock();
  const [failed, setFailed] = useState(false);
  // Keeps the text while the dialog closes, after the caller has already cleared the block.
  const shown = useRef(block);
  if (block) shown.current = block;
  const subject = shown.current;

  useEffect(() => {
    if (block) setFailed(false);
  }, [block]);

  const confirm = async () => {
    if (!block) return;
    setFailed(false);
    try {
      await remove.mutateAsync(block.id);
    } catch (err) {
      setFailed(true);
      throw err;
    }
    toast.success('Activity block deleted');
  };

  const what = subject
    ? `${personLabel(subject.personName)}'s ${formatHours(subject.durationHours)} block in ${subject.integrationName} from ${formatInstant(subject.startTime)}`
    : 'This block';

  return (
    <ConfirmDialog
      open={block !== null}
      onOpenChange={(open) => !open && onClose()}
      title="Delete activity block"
      description={`${what} and the presence it covered will be removed from the timeline and reports. This action cannot be undone.`}
      confirmLabel="Delete block"
      tone="danger"
      onConfirm={confirm}
    >
      {failed ? (
        <p role="alert" className="text-red-600 dark:text-red-400">
          {DELETE_BLOCK_ERROR}
        </p>
      ) : null}
    </ConfirmDialog>
  );
}
