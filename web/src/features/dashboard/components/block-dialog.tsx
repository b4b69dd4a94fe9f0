import type { ActivityBlock } from '@overlap/contract/activity';
import { Pencil, Trash2 } from 'lucide-react';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { useDeleteBlock, useRestoreBlock, useUpdateBlock } from '../../../api/activity-blocks';
import { fromDateTimeLocal, toDateTimeLocal } from '../../../lib/datetime-local';
import { formatDateTime, formatDuration } from '../../../lib/format-time';
import { useTimePreferences } from '../../../lib/use-time-preferences';
import { Button } from '../../../ui/button';
import { ConfirmDialog } from '../../../ui/confirm-dialog';
import { Dialog, DialogContent } from '../../../ui/dialog';
import { Field } from '../../../ui/field';
import { Input } from '../../../ui/input';
import { toast } from '../../../ui/toaster';

const DELETE_BLOCK_CONFIRMATION =
  'Delete this activity block and the presence data it covered? You can undo it for 10 minutes.';
export const END_BEFORE_START = 'The end must be after the start.';
export const UPDATE_BLOCK_ERROR = 'Failed to update activity block. Please try again.';
export const DELETE_BLOCK_ERROR = 'Failed to delete activity block. Please try again.';

interface BlockDialogProps {
  block: ActivityBlock | null;
  /** Whose block, for the title. */
  who?: string;
  /** Managers and superadmins may edit and delete. */
  canEdit: boolean;
  onClose: () => void;
}

/** An activity block: view (integration, start, end, duration), edit (start and end) and delete. */
export function BlockDialog({ block, who, canEdit, onClose }: BlockDialogProps) {
  useTimePreferences();
  const [mode, setMode] = useState<'view' | 'edit'>('view');
  const [start, setStart] = useState('');
  const [end, setEnd] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [confirming, setConfirming] = useState(false);
  const update = useUpdateBlock();
  const remove = useDeleteBlock();
  const restore = useRestoreBlock();

  // Esc, Close or a finished action hands focus back to the block that opened the dialog.
  const blockId = block?.id;
  const opener = useRef<HTMLElement | null>(null);
  useEffect(() => {
    opener.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    return () => {
      const target = opener.current;
      setTimeout(() => {
        const again = target?.isConnected
          ? target
          : blockId
            ? document.querySelector<HTMLElement>(`[data-block-id="${blockId}"]`)
            : null;
        again?.focus();
      }, 0);
    };
  }, [blockId]);

  useEffect(() => {
    setMode('view');
    setError(null);
    setStart(toDateTimeLocal(block?.startTime));
    setEnd(toDateTimeLocal(block?.endTime));
  }, [block]);

  if (!block) return null;
  const startIso = fromDateTimeLocal(start);
  const endIso = fromDateTimeLocal(end);
  const backwards = Boolean(startIso && endIso) && new Date(endIso as string) <= new Date(startIso as string);
  const canSave = Boolean(startIso && endIso) && !backwards && !update.isPending;

  const save = async (event: FormEvent) => {
    event.preventDefault();
    if (!startIso || !endIso || backwards) return;
    setError(null);
    try {
      await update.mutateAsync({ id: block.id, startTime: startIso, endTime: endIso });
      onClose();
    } catch {
      setError(UPDATE_BLOCK_ERROR);
    }
  };

  const destroy = async () => {
    setError(null);
    try {
      const { undoToken } = await remove.mutateAsync(block.id);
      setConfirming(false);
      onClose();
      toast('Activity block deleted', {
        duration: 10_000,
        action: {
          label: 'Undo',
          // mutateAsync: the dialog is gone by then, and per-call callbacks of mutate would not run.
          onClick: () =>
            restore.mutateAsync(undoToken).then(
              () => toast.success('Activity block restored'),
              (err: Error) => toast.error('Failed to restore the activity block', { description: err.message }),
            ),
        },
      });
    } catch {
      setConfirming(false);
      setError(DELETE_BLOCK_ERROR);
    }
  };

  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent
        size="sm"
        title={mode === 'edit' ? 'Edit activity block' : 'Activity block'}
        description={who ? `${who} · ${block.integrationName}` : block.integrationName}
        footer={
          mode === 'view' ? (
            canEdit ? (
              <>
                <Button
                  key="delete"
                  variant="danger"
                  icon={<Trash2 />}
                  onClick={() => setConfirming(true)}
                  loading={remove.isPending}
                >
                  Delete
                </Button>
                <Button key="edit" variant="primary" icon={<Pencil />} onClick={() => setMode('edit')}>
                  Edit
                </Button>
              </>
            ) : undefined
          ) : (
            <>
              <Button key="cancel" variant="secondary" onClick={() => setMode('view')} disabled={update.isPending}>
                Cancel
              </Button>
              <Button
                key="save"
                variant="primary"
                type="submit"
                form="block-edit-form"
                disabled={!canSave}
                loading={update.isPending}
              >
                Save
              </Button>
            </>
          )
        }
      >
        {mode === 'view' ? (
          <dl className="grid grid-cols-[auto_1fr] gap-x-6 gap-y-2">
            <dt className="text-muted">Integration</dt>
            <dd className="font-medium">{block.integrationName}</dd>
            <dt className="text-muted">Start</dt>
            <dd className="tabular">{formatDateTime(block.startTime)}</dd>
            <dt className="text-muted">End</dt>
            <dd className="tabular">{block.isOngoing || !block.endTime ? 'Ongoing' : formatDateTime(block.endTime)}</dd>
            <dt className="text-muted">Duration</dt>
            <dd className="tabular">{formatDuration(block.durationMinutes)}</dd>
          </dl>
        ) : (
          <form id="block-edit-form" onSubmit={save} className="grid gap-4">
            <Field label="Start" required>
              <Input type="datetime-local" value={start} onChange={(e) => setStart(e.target.value)} required />
            </Field>
            <Field label="End" required error={backwards ? END_BEFORE_START : undefined}>
              <Input type="datetime-local" value={end} onChange={(e) => setEnd(e.target.value)} required />
            </Field>
          </form>
        )}
        {error ? (
          <p role="alert" className="mt-3 text-sm text-red-600 dark:text-red-400">
            {error}
          </p>
        ) : null}
        <ConfirmDialog
          open={confirming}
          onOpenChange={setConfirming}
          title="Delete activity block"
          description={DELETE_BLOCK_CONFIRMATION}
          confirmLabel="Delete"
          tone="danger"
          pending={remove.isPending}
          onConfirm={destroy}
        />
      </DialogContent>
    </Dialog>
  );
}
