import { Plus } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { useNavigate } from 'react-router';
import { Button } from '../../../ui/button';
import { Dialog, DialogContent, DialogTrigger } from '../../../ui/dialog';
import { Field } from '../../../ui/field';
import { Input } from '../../../ui/input';
import { ProviderIcon } from '../../../ui/provider-icon';
import { Textarea } from '../../../ui/textarea';
import { useCreateService } from '../api/services';

export const CREATE_SERVICE_ERROR = 'Failed to create service. Please try again.';

/** 'Add Service': name and provider required, description optional, token authentication. */
export function AddServiceDialog() {
  const [open, setOpen] = useState(false);
  const [name, setName] = useState('');
  const [provider, setProvider] = useState('');
  const [description, setDescription] = useState('');
  const [tokenAuthentication, setTokenAuthentication] = useState(false);
  const [touched, setTouched] = useState(false);
  const create = useCreateService();
  const navigate = useNavigate();

  const reset = () => {
    setName('');
    setProvider('');
    setDescription('');
    setTokenAuthentication(false);
    setTouched(false);
    create.reset();
  };
  const nameError = touched && !name.trim() ? 'Name is required' : null;
  const providerError = touched && !provider.trim() ? 'Provider is required' : null;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setTouched(true);
    if (!name.trim() || !provider.trim()) return;
    const created = await create
      .mutateAsync({
        name: name.trim(),
        provider: provider.trim().toLowerCase(),
        description: description.trim(),
        configSchema: {},
        enabled: true,
        tokenAuthentication,
      })
      .catch(() => null);
    if (!created) return;
    setOpen(false);
    reset();
    navigate(`/superadmin/services/${created.id}`);
  };

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        setOpen(next);
        if (!next) reset();
      }}
    >
      <DialogTrigger asChild>
        <Button variant="primary" icon={<Plus />}>
          Add Service
        </Button>
      </DialogTrigger>
      <DialogContent
        title="Add Service"
        description="A new service appears among the integrations customers can add."
        footer={
          <>
            <Button onClick={() => setOpen(false)}>Cancel</Button>
            <Button variant="primary" type="submit" form="add-service-form" loading={create.isPending}>
              Add Service
            </Button>
          </>
        }
      >
        <form id="add-service-form" onSubmit={submit} noValidate className="flex flex-col gap-4">
          <Field label="Name" required error={nameError}>
            <Input value={name} onChange={(e) => setName(e.target.value)} maxLength={100} placeholder="GitLab" />
          </Field>
          <Field
            label="Provider"
            required
            error={providerError}
            hint="The provider key, for example gitlab, slack, jira."
          >
            <div className="flex items-center gap-2">
              <ProviderIcon provider={provider} />
              <Input
                value={provider}
                onChange={(e) => setProvider(e.target.value)}
                maxLength={50}
                placeholder="gitlab"
                autoCapitalize="none"
                spellCheck={false}
              />
            </div>
          </Field>
          <Field label="Description" hint="Optional. Markdown: headings, bold, italic, code, lists, links.">
            <Textarea value={description} onChange={(e) => setDescription(e.target.value)} rows={4} />
          </Field>
          <label className="flex items-start gap-2.5 text-sm">
            <input
              type="checkbox"
              checked={tokenAuthentication}
              onChange={(e) => setTokenAuthentication(e.target.checked)}
              className="mt-0.5 size-4 accent-(--ov-accent)"
            />
            <span>
              <span className="font-medium text-fg">Token Authentication</span>
              <span className="block text-[13px] text-muted">Integrations get API keys</span>
            </span>
          </label>
          {create.isError ? (
            <p role="alert" className="text-[13px] text-red-600 dark:text-red-400">
              {CREATE_SERVICE_ERROR}
              {create.error instanceof Error && create.error.message ? ` ${create.error.message}` : ''}
            </p>
          ) : null}
        </form>
      </DialogContent>
    </Dialog>
  );
}
