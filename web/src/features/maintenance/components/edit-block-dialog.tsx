import type { LongActivityBlock } from '@overlap/contract/maintenance';
import { type FormEvent, useEffect, useState } from 'react';
import { useUpdateBlock } from '../../../api/activity-blocks';
import { toDateTimeLocal } from '../../../lib/datetime-local';
import { Button } from '../../../ui/button';
import { Dialog, DialogContent } from '../../../ui/dialog';
import { Field } from '../../../ui/field';
import { Input } from '../../../ui/input';
import { toast } from '../../../ui/toaster';
import { checkBlockTimes } from '../lib/block-times';
import { personLabel } from '../lib/format';

export const UPDATE_BLOCK_ERROR = 'Failed to update activity block. Please try again.';

interface EditBlockDialogProps {
  block: LongActivityBlock | null;
  onClose: () => void;
}

/** Corrects a block's start and end (both required, end after start); saving re-runs the detection. */
export function EditBlockDialog({ block, onClose }: EditBlockDialogProps) {
  const [start, setStart] = useState('');
  const [end, setEnd] = useState('');
  const [submitted, setSubmitted] = useState(false);
  const [failed, setFailed] = useState(false);
  const update = useUpdateBlock();

  useEffect(() => {
    setStart(toDateTimeLocal(block?.startTime));
    setEnd(toDateTimeLocal(block?.endTime));
    setSubmitted(false);
    setFailed(false);
  }, [block]);

  const check = checkBlockTimes(start, end);
  // Mismatched ends show at once; missing values only after a save attempt.
  const endError = check.errors.end === 'End must be after start.' || submitted ? check.errors.end : undefined;
  const startError = submitted ? check.errors.start : undefined;

  const save = async (event: FormEvent) => {
    event.preventDefault();
    setSubmitted(true);
    if (!block || !check.times || update.isPending) return;
    setFailed(false);
    try {
      await update.mutateAsync({ id: block.id, ...check.times });
      toast.success('Activity block updated');
      onClose();
    } catch {
      setFailed(true);
    }
  };

  return (
    <Dialog open={block !== null} onOpenChange={(open) => !open && !update.isPending && onClose()}>
      {block ? (
        <DialogContent
          size="sm"
          title="Edit activity block"
          description={`${personLabel(block.personName)} · ${block.integrationName}`}
          footer={
            <>
              <Button variant="secondary" onClick={onClose} disabled={update.isPending}>
                Cancel
              </Button>
              <Button variant="primary" type="submit" form="maintenance-block-form" loading={update.isPending}>
                Save
              </Button>
            </>
          }
        >
          <form id="maintenance-block-form" onSubmit={save} noValidate className="grid gap-4">
            <Field label="Start" required error={startError}>
              <Input type="datetime-local" value={start} onChange={(e) => setStart(e.target.value)} />
            </Field>
            <Field
              label="End"
              required
              error={endError}
              hint={block.isOngoing ? 'The block is still running; setting an end closes it.' : undefined}
            >
              <Input type="datetime-local" value={end} onChange={(e) => setEnd(e.target.value)} />
            </Field>
            {failed ? (
              <p role="alert" className="text-sm text-red-600 dark:text-red-400">
                {UPDATE_BLOCK_ERROR}
              </p>
            ) : null}
          </form>
        </DialogContent>
      ) : null}
    </Dialog>
  );
}
