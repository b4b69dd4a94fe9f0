import type { UnassignedUser } from '@overlap/contract/people';
import { type FormEvent, useState } from 'react';
import { Button } from '../../../ui/button';
import { Dialog, DialogContent } from '../../../ui/dialog';
import { Field } from '../../../ui/field';
import { Input } from '../../../ui/input';
import { TimezoneCombobox } from '../../../ui/timezone-combobox';
import { toast } from '../../../ui/toaster';
import { useRevive } from '../api/people';

/** Activate an unassigned user as a person: name required, identifier and timezone optional. */
export function ActivateDialog({ user, onClose }: { user: UnassignedUser; onClose: () => void }) {
  const [name, setName] = useState(user.name ?? '');
  const [identifier, setIdentifier] = useState(user.personIdentifier ?? '');
  const [timezone, setTimezone] = useState(user.timezone && user.timezone !== 'UTC' ? user.timezone : '');
  const [touched, setTouched] = useState(false);
  const revive = useRevive();
  const nameError = touched && !name.trim() ? 'Name is required' : undefined;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setTouched(true);
    if (!name.trim()) return;
    try {
      await revive.mutateAsync({
        id: user.id,
        name: name.trim(),
        personIdentifier: identifier.trim() || undefined,
        timezone: timezone || undefined,
      });
      toast.success(`${name.trim()} is now an active person`);
      onClose();
    } catch (err) {
      toast.error(`Failed to activate ${name.trim()}`, { description: (err as Error).message });
    }
  };

  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent
        title="Activate as a person"
        description="They will appear on the timeline and count towards your plan's people limit."
        footer={
          <>
            <Button variant="secondary" onClick={onClose} disabled={revive.isPending}>
              Cancel
            </Button>
            <Button variant="primary" type="submit" form="activate-form" loading={revive.isPending}>
              Activate
            </Button>
          </>
        }
      >
        <form id="activate-form" onSubmit={submit} className="grid gap-4" noValidate>
          <Field label="Name" required error={nameError}>
            <Input
              value={name}
              onChange={(e) => setName(e.target.value)}
              onBlur={() => setTouched(true)}
              autoFocus
              maxLength={100}
            />
          </Field>
          <Field label="Identifier" hint="The id the integration uses for this person (optional).">
            <Input value={identifier} onChange={(e) => setIdentifier(e.target.value)} maxLength={200} />
          </Field>
          <Field label="Timezone" hint="Optional; a timezone reported by an integration is used otherwise.">
            <TimezoneCombobox value={timezone || null} onValueChange={setTimezone} placeholder="America/New_York" />
          </Field>
        </form>
      </DialogContent>
    </Dialog>
  );
}
