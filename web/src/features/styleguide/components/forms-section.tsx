import { useState } from 'react';
import { Combobox } from '../../../ui/combobox';
import { Field } from '../../../ui/field';
import { Input } from '../../../ui/input';
import { Select } from '../../../ui/select';
import { Textarea } from '../../../ui/textarea';
import { TimezoneCombobox } from '../../../ui/timezone-combobox';
import { Section } from './section';

const roles = [
  { value: 'user', label: 'User' },
  { value: 'manager', label: 'Manager' },
  { value: 'superadmin', label: 'Super Admin', disabled: true },
];

const plans = [
  { value: 'free', label: 'Free', description: '3 people' },
  { value: 'startup', label: 'Startup', description: '10 people' },
  { value: 'scaleup', label: 'Scaleup', description: '50 people' },
  { value: 'business', label: 'Business', description: 'Unlimited' },
];

export function FormsSection() {
  const [role, setRole] = useState('manager');
  const [plan, setPlan] = useState<string | null>(null);
  const [zone, setZone] = useState<string | null>('Europe/Berlin');
  return (
    <Section
      id="forms"
      title="Forms"
      description="Labels above controls; hints and errors below, tied by aria-describedby."
    >
      <div className="grid gap-x-6 gap-y-5 rounded-lg border border-line bg-surface p-5 sm:grid-cols-2">
        <Field label="Name" required hint="As your team knows them.">
          <Input placeholder="Ada Lovelace" autoComplete="off" />
        </Field>
        <Field label="Work email" required error="Enter a valid email address">
          <Input type="email" defaultValue="ada@" autoComplete="off" />
        </Field>
        <Field label="Role">
          <Select options={roles} value={role} onValueChange={setRole} />
        </Field>
        <Field label="Plan" hint="A searchable list.">
          <Combobox options={plans} value={plan} onValueChange={setPlan} placeholder="Choose a plan" />
        </Field>
        <Field label="Timezone" hint="Any IANA timezone, with its current UTC offset.">
          <TimezoneCombobox value={zone} onValueChange={setZone} />
        </Field>
        <Field label="Identifier">
          <Input placeholder="Disabled input" disabled />
        </Field>
        <Field label="Notes" className="sm:col-span-2">
          <Textarea placeholder="Anything the team should know" rows={3} />
        </Field>
      </div>
    </Section>
  );
}
