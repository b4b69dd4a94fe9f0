import type { AvailableService } from '@overlap/contract/integrations';
import { useEffect, useState } from 'react';
import { Button } from '../../../ui/button';
import { Dialog, DialogContent } from '../../../ui/dialog';
import { Field } from '../../../ui/field';
import { Input } from '../../../ui/input';

const MAX_NAME = 100;

/** Asks what a custom source is called before anything is created. */
export function NameCustomDialog({
  service,
  busy,
  onCancel,
  onCreate,
}: {
  service: AvailableService | null;
  busy: boolean;
  onCancel: () => void;
  onCreate: (service: AvailableService, name: string) => void;
}) {
  const [name, setName] = useState('');
  const [touched, setTouched] = useState(false);
  useEffect(() => {
    if (service) {
      setName('');
      setTouched(false);
    }
  }, [service]);
  const trimmed = name.trim();
  const error = touched && trimmed === '' ? 'Give the source a name' : null;
  const submit = () => {
    setTouched(true);
    if (service && trimmed !== '') onCreate(service, trimmed);
  };
  return (
    <Dialog open={service !== null} onOpenChange={(open) => (open || busy ? null : onCancel())}>
      <DialogContent
        size="sm"
        title="Name your custom source"
        description="The tool that will send presence and events, as your team knows it. You can rename it later."
        footer={
          <>
            <Button variant="secondary" onClick={onCancel} disabled={busy}>
              Cancel
            </Button>
            <Button variant="primary" onClick={submit} loading={busy} disabled={trimmed === ''}>
              Create integration
            </Button>
          </>
        }
      >
        <form
          onSubmit={(e) => {
            e.preventDefault();
            submit();
          }}
        >
          <Field label="Name" required error={error}>
            <Input
              value={name}
              maxLength={MAX_NAME}
              placeholder="e.g. Zulip bridge"
              autoFocus
              onChange={(e) => setName(e.target.value)}
              onBlur={() => setTouched(true)}
            />
          </Field>
        </form>
      </DialogContent>
    </Dialog>
  );
}
