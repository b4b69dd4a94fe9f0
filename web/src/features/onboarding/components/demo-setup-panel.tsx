import { type FormEvent, useState } from 'react';
import { Button } from '../../../ui/button';
import { Field } from '../../../ui/field';
import { Input } from '../../../ui/input';

interface DemoSetupPanelProps {
  starting: boolean;
  onStart: (chatAppName: string) => void;
  onCancel: () => void;
}

/** The demo source: which chat app the team really uses, then start with demo data. */
export function DemoSetupPanel({ starting, onStart, onCancel }: DemoSetupPanelProps) {
  const [name, setName] = useState('');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onStart(name);
  };
  return (
    <form onSubmit={submit} className="flex flex-col gap-4">
      <Field
        label="Your team's chat app"
        hint="Optional. It tells us which integration to build next; you can explore with demo data meanwhile."
      >
        <Input
          value={name}
          onChange={(e) => setName(e.target.value)}
          placeholder="e.g. Mattermost, Discord, Custom"
          maxLength={60}
          autoComplete="off"
        />
      </Field>
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button variant="ghost" onClick={onCancel} disabled={starting}>
          Cancel
        </Button>
        <Button type="submit" variant="primary" loading={starting}>
          Start with Demo Data
        </Button>
      </div>
    </form>
  );
}
