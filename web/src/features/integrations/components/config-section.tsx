import type { IntegrationDetail } from '@overlap/contract/integrations';
import { type FormEvent, useMemo, useState } from 'react';
import { Button } from '../../../ui/button';
import { Card, CardContent, CardFooter, CardHeader } from '../../../ui/card';
import { Field } from '../../../ui/field';
import { Input } from '../../../ui/input';
import { Select } from '../../../ui/select';
import { toast } from '../../../ui/toaster';
import { useUpdateIntegration } from '../api/integrations';
import { type ConfigField, draftToPatch, initialDraft, integrationConfigFields } from '../lib/config-schema';
import { GithubOrgPicker } from './github-org-picker';

function Control({
  field,
  value,
  disabled,
  storedSecret,
  onChange,
}: {
  field: ConfigField;
  value: string;
  disabled: boolean;
  storedSecret?: string;
  onChange: (value: string) => void;
}) {
  if (field.type === 'boolean' || field.type === 'select') {
    const options =
      field.type === 'boolean'
        ? [
            { value: 'true', label: 'Yes' },
            { value: 'false', label: 'No' },
          ]
        : field.options;
    return <Select options={options} value={value || undefined} onValueChange={onChange} disabled={disabled} />;
  }
  const numeric = field.type === 'number' || field.type === 'integer';
  return (
    <Input
      type={field.password ? 'password' : numeric ? 'number' : 'text'}
      step={field.type === 'integer' ? 1 : field.type === 'number' ? 0.1 : undefined}
      min={field.min}
      max={field.max}
      value={value}
      disabled={disabled}
      autoComplete={field.password ? 'new-password' : 'off'}
      placeholder={
        field.password ? (storedSecret ? `Saved (${storedSecret}); type to replace` : '') : field.placeholder
      }
      onChange={(e) => onChange(e.target.value)}
    />
  );
}

/** The settings form generated from the service's configSchema (plus the silence timeout); editable only while stopped. */
export function ConfigSection({ integration }: { integration: IntegrationDetail }) {
  const fields = useMemo(
    () => integrationConfigFields(integration.service.configSchema, integration.kind),
    [integration.service.configSchema, integration.kind],
  );
  const initial = useMemo(() => initialDraft(fields, integration.config), [fields, integration.config]);
  const [draft, setDraft] = useState(initial);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const update = useUpdateIntegration(integration.id);
  const running = integration.status === 'active';
  if (fields.length === 0) return null;

  const dirty = fields.some((f) => (draft[f.key] ?? '') !== (initial[f.key] ?? ''));
  const cancel = () => {
    setDraft(initial);
    setErrors({});
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const result = draftToPatch(fields, draft, initial, (key) => Boolean(integration.maskedSecrets[key]));
    setErrors(result.errors);
    if (Object.keys(result.errors).length > 0 || Object.keys(result.patch).length === 0) return;
    // The Setup tab remounts this form once the saved config arrives, so the outcome is reported
    // from the promise (mutate's own callbacks are dropped with the unmounted form).
    update.mutateAsync({ config: result.patch }).then(
      (detail) => {
        setDraft(initialDraft(fields, detail.config));
        toast.success('Configuration saved');
      },
      (err: Error) => toast.error(`Failed to save the configuration. ${err.message}`),
    );
  };

  return (
    <Card>
      <form onSubmit={submit} noValidate>
        <CardHeader
          title="Configuration"
          description={running ? 'Stop the integration to change its configuration.' : 'Settings of this service.'}
        />
        <CardContent className="grid gap-4 sm:max-w-lg">
          {fields.map((field) =>
            integration.provider === 'github' && field.key === 'organizations' ? (
              <GithubOrgPicker
                key={field.key}
                integration={integration}
                label={field.label}
                value={draft[field.key] ?? ''}
                disabled={running || update.isPending}
                onChange={(value) => setDraft((d) => ({ ...d, [field.key]: value }))}
              />
            ) : (
              <Field
                key={field.key}
                label={field.label}
                hint={field.hint}
                required={field.required}
                error={errors[field.key]}
              >
                <Control
                  field={field}
                  value={draft[field.key] ?? ''}
                  disabled={running || update.isPending}
                  storedSecret={integration.maskedSecrets[field.key]}
                  onChange={(value) => setDraft((d) => ({ ...d, [field.key]: value }))}
                />
              </Field>
            ),
          )}
        </CardContent>
        {dirty && !running ? (
          <CardFooter>
            <Button variant="ghost" onClick={cancel} disabled={update.isPending}>
              Cancel
            </Button>
            <Button type="submit" variant="primary" loading={update.isPending}>
              Save
            </Button>
          </CardFooter>
        ) : null}
      </form>
    </Card>
  );
}
