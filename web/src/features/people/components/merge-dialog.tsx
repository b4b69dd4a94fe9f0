import type { Person, UnassignedUser } from '@overlap/contract/people';
import { TriangleAlert } from 'lucide-react';
import { useMemo, useState } from 'react';
import { Button } from '../../../ui/button';
import { Combobox } from '../../../ui/combobox';
import { Dialog, DialogContent } from '../../../ui/dialog';
import { Field } from '../../../ui/field';
import { toast } from '../../../ui/toaster';
import { useMerge } from '../api/people';

/** Merge an unassigned user into an existing person: moves all activity, cannot be undone. */
export function MergeDialog({
  user,
  people,
  suggested = null,
  onClose,
}: {
  user: UnassignedUser;
  people: readonly Person[];
  /** The active person with the same e-mail: selected from the start. */
  suggested?: UnassignedUser['mergeSuggestion'];
  onClose: () => void;
}) {
  const [target, setTarget] = useState<string | null>(suggested?.personId ?? null);
  const [confirming, setConfirming] = useState(false);
  const merge = useMerge();
  const options = useMemo(() => {
    const list = people.map((p) => ({
      value: p.id,
      label: p.name || p.email || 'Unnamed person',
      description: p.email && p.name ? p.email : undefined,
      keywords: `${p.name ?? ''} ${p.email ?? ''} ${p.personIdentifier ?? ''}`,
    }));
    if (suggested && !list.some((o) => o.value === suggested.personId)) {
      list.unshift({
        value: suggested.personId,
        label: suggested.name || 'Person with the same e-mail',
        description: undefined,
        keywords: suggested.name ?? '',
      });
    }
    return list;
  }, [people, suggested]);
  const who = user.name || user.personIdentifier || 'this user';
  const targetName = options.find((o) => o.value === target)?.label;

  const run = async () => {
    if (!target) return;
    try {
      await merge.mutateAsync({ id: user.id, targetPersonId: target });
      toast.success(`Merged ${who} into ${targetName}`);
      onClose();
    } catch (err) {
      toast.error(`Failed to merge ${who}`, { description: (err as Error).message });
    }
  };

  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent
        title={`Merge ${who}`}
        description="Pick the person this identity belongs to."
        footer={
          <>
            <Button variant="secondary" onClick={onClose} disabled={merge.isPending}>
              Cancel
            </Button>
            {confirming ? (
              <Button variant="danger" onClick={run} loading={merge.isPending} disabled={!target}>
                Yes, merge permanently
              </Button>
            ) : (
              <Button variant="primary" onClick={() => setConfirming(true)} disabled={!target}>
                Merge
              </Button>
            )}
          </>
        }
      >
        <div className="grid gap-4">
          <Field label="Merge into" required>
            <Combobox
              options={options}
              value={target}
              onValueChange={(v) => {
                setTarget(v);
                setConfirming(false);
              }}
              placeholder="Select a person"
              searchPlaceholder="Search people…"
              emptyText="No active person matches"
            />
          </Field>
          <div className="flex gap-2.5 rounded-lg border border-amber-200 bg-amber-50 px-3 py-2.5 text-[13px] text-amber-900 dark:border-amber-500/25 dark:bg-amber-500/10 dark:text-amber-100">
            <TriangleAlert className="mt-0.5 size-4 shrink-0 text-amber-600" aria-hidden="true" />
            <p>
              All of {who}'s activity moves to {targetName ?? 'the selected person'}. This cannot be undone.
              {confirming ? <strong className="mt-1 block">Confirm to merge now.</strong> : null}
            </p>
          </div>
        </div>
      </DialogContent>
    </Dialog>
  );
}
