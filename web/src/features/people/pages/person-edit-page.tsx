import type { PersonDetail } from '@overlap/contract/people';
import { type FormEvent, useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import { isApiError } from '../../../api/client';
import { Button, ButtonLink } from '../../../ui/button';
import { Card, CardContent, CardFooter } from '../../../ui/card';
import { Field } from '../../../ui/field';
import { Input } from '../../../ui/input';
import { Skeleton } from '../../../ui/skeleton';
import { TimezoneCombobox } from '../../../ui/timezone-combobox';
import { toast } from '../../../ui/toaster';
import { usePatchPerson, usePerson } from '../api/people';

function EditForm({ person }: { person: PersonDetail }) {
  const navigate = useNavigate();
  const patch = usePatchPerson();
  const [name, setName] = useState(person.name ?? '');
  const [email, setEmail] = useState(person.email ?? '');
  const [timezone, setTimezone] = useState(person.timezoneSettings.manual ?? '');
  const [identifier, setIdentifier] = useState(person.personIdentifier ?? '');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const back = `/people/${person.id}`;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const next: Record<string, string> = {};
    if (!name.trim()) next.name = 'Name is required';
    if (email.trim() && !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email.trim())) next.email = 'Invalid email address';
    setErrors(next);
    if (Object.keys(next).length) return;
    try {
      await patch.mutateAsync({
        id: person.id,
        name: name.trim(),
        email: email.trim() || null,
        timezone: timezone || null,
        personIdentifier: identifier.trim() || null,
      });
      toast.success('Person saved');
      navigate(back);
    } catch (err) {
      const details =
        (isApiError(err) && (err.body as { details?: { field: string; message: string }[] })?.details) || [];
      if (details.length) setErrors(Object.fromEntries(details.map((d) => [d.field, d.message])));
      toast.error('Failed to save the person', { description: (err as Error).message });
    }
  };

  return (
    <form onSubmit={submit} noValidate>
      <Card>
        <CardContent className="grid gap-5 py-5">
          <Field label="Name" required error={errors.name}>
            <Input value={name} onChange={(e) => setName(e.target.value)} maxLength={100} autoFocus />
          </Field>
          <Field label="Email" error={errors.email}>
            <Input type="email" value={email} onChange={(e) => setEmail(e.target.value)} maxLength={254} />
          </Field>
          <Field
            label="Timezone"
            error={errors.timezone}
            hint={
              person.timezoneSettings.automatic
                ? `Reported by an integration: ${person.timezoneSettings.automatic}. A timezone set here wins.`
                : 'Leave empty to use the timezone an integration reports (UTC otherwise).'
            }
          >
            <div className="flex gap-2">
              <TimezoneCombobox
                value={timezone || null}
                onValueChange={setTimezone}
                placeholder="America/New_York"
                className="flex-1"
              />
              {timezone ? (
                <Button variant="ghost" onClick={() => setTimezone('')}>
                  Clear
                </Button>
              ) : null}
            </div>
          </Field>
          <Field label="Identifier" error={errors.personIdentifier} hint="The id integrations use for this person.">
            <Input value={identifier} onChange={(e) => setIdentifier(e.target.value)} maxLength={200} />
          </Field>
        </CardContent>
        <CardFooter>
          <ButtonLink to={back}>Cancel</ButtonLink>
          <Button type="submit" variant="primary" loading={patch.isPending}>
            Save
          </Button>
        </CardFooter>
      </Card>
    </form>
  );
}

export default function PersonEditPage() {
  const { id = '' } = useParams();
  const person = usePerson(id);
  return (
    <div className="mx-auto flex max-w-2xl flex-col gap-5 px-4 py-6 sm:px-6">
      <h1 className="text-2xl font-semibold tracking-tight">Edit person</h1>
      {person.isPending ? (
        <Skeleton className="h-96" />
      ) : person.isError ? (
        <div role="alert" className="flex flex-col items-center gap-3 py-12 text-center">
          <p className="text-sm font-medium text-red-600 dark:text-red-400">
            {isApiError(person.error, 404) ? 'Person not found' : 'Failed to load person details'}
          </p>
          <ButtonLink to="/people">Back to people</ButtonLink>
        </div>
      ) : (
        <EditForm person={person.data} />
      )}
    </div>
  );
}
