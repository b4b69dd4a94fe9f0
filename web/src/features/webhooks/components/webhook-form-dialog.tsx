import type { Webhook, WebhookEventType } from '@overlap/contract/webhooks';
import { type FormEvent, useEffect, useId, useState } from 'react';
import { ApiError } from '../../../api/client';
import { Button } from '../../../ui/button';
import { Dialog, DialogContent } from '../../../ui/dialog';
import { Field } from '../../../ui/field';
import { Input } from '../../../ui/input';
import { useCreateWebhook, useUpdateWebhook } from '../api/webhooks';
import { EVENT_CHOICES } from '../lib/format';

export interface WebhookFormDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The webhook to change; absent to add one. */
  webhook?: Webhook;
  /** After adding: the secret to show once. */
  onCreated?: (secret: string) => void;
}

type Problems = { url?: string; events?: string; form?: string };

/** The server's refusal, by field ('url: must not point to…' goes under the URL). */
function problemsOf(error: unknown): Problems {
  if (!(error instanceof ApiError)) return { form: 'Could not save the webhook. Please try again.' };
  const details = (error.body as { details?: { field: string; message: string }[] } | undefined)?.details ?? [];
  const out: Problems = {};
  for (const d of details) {
    if (d.field === 'url') out.url = d.message;
    else if (d.field.startsWith('events')) out.events = d.message;
  }
  return out.url || out.events ? out : { form: error.message };
}

/** Add a webhook, or change its URL, events and whether it is on. */
export function WebhookFormDialog({ open, onOpenChange, webhook, onCreated }: WebhookFormDialogProps) {
  const create = useCreateWebhook();
  const update = useUpdateWebhook();
  const [url, setUrl] = useState('');
  const [events, setEvents] = useState<WebhookEventType[]>([]);
  const [active, setActive] = useState(true);
  const [problems, setProblems] = useState<Problems>({});
  const busy = create.isPending || update.isPending;
  const groupId = useId();

  useEffect(() => {
    if (!open) return;
    setUrl(webhook?.url ?? '');
    setEvents(webhook?.events ?? ['person.online', 'person.offline']);
    setActive(webhook?.active ?? true);
    setProblems({});
  }, [open, webhook]);

  const toggle = (event: WebhookEventType) =>
    setEvents((list) => (list.includes(event) ? list.filter((e) => e !== event) : [...list, event]));

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const local: Problems = {};
    if (!url.trim()) local.url = 'Enter the URL that receives the deliveries';
    if (events.length === 0) local.events = 'Choose at least one event';
    setProblems(local);
    if (local.url || local.events) return;
    const ordered = EVENT_CHOICES.map((c) => c.value).filter((v) => events.includes(v));
    try {
      if (webhook) {
        await update.mutateAsync({ id: webhook.id, url: url.trim(), events: ordered, active });
      } else {
        const created = await create.mutateAsync({ url: url.trim(), events: ordered, active });
        onCreated?.(created.secret);
      }
      onOpenChange(false);
    } catch (err) {
      setProblems(problemsOf(err));
    }
  };

  return (
    <Dialog open={open} onOpenChange={(next) => (busy ? null : onOpenChange(next))}>
      <DialogContent
        title={webhook ? 'Edit webhook' : 'Add webhook'}
        description="Overlap POSTs a signed JSON body to this URL for each event you choose."
        footer={
          <>
            <Button onClick={() => onOpenChange(false)} disabled={busy}>
              Cancel
            </Button>
            <Button type="submit" form="webhook-form" variant="primary" loading={busy}>
              {webhook ? 'Save changes' : 'Add webhook'}
            </Button>
          </>
        }
      >
        <form id="webhook-form" onSubmit={submit} noValidate className="flex flex-col gap-4">
          <Field label="Payload URL" required error={problems.url} hint="http or https, reachable from the internet">
            <Input
              type="url"
              inputMode="url"
              autoComplete="off"
              placeholder="https://example.com/hooks/overlap"
              value={url}
              onChange={(e) => setUrl(e.target.value)}
            />
          </Field>
          <fieldset aria-describedby={problems.events ? `${groupId}-error` : undefined}>
            <legend className="text-sm font-medium">
              Events
              <span className="ml-0.5 text-red-600 dark:text-red-400" aria-hidden="true">
                *
              </span>
            </legend>
            <div className="mt-2 flex flex-col gap-2">
              {EVENT_CHOICES.map((choice) => (
                <label key={choice.value} className="flex items-start gap-2.5 text-sm">
                  <input
                    type="checkbox"
                    className="mt-0.5 size-4 shrink-0 accent-accent"
                    checked={events.includes(choice.value)}
                    onChange={() => toggle(choice.value)}
                  />
                  <span>
                    <span className="font-medium">{choice.label}</span>{' '}
                    <code className="font-mono text-xs text-muted">{choice.value}</code>
                    <span className="block text-[13px] text-muted">{choice.description}</span>
                  </span>
                </label>
              ))}
            </div>
            {problems.events ? (
              <p id={`${groupId}-error`} role="alert" className="mt-1.5 text-[13px] text-red-600 dark:text-red-400">
                {problems.events}
              </p>
            ) : null}
          </fieldset>
          <label className="flex items-center gap-2.5 text-sm">
            <input
              type="checkbox"
              className="size-4 shrink-0 accent-accent"
              checked={active}
              onChange={(e) => setActive(e.target.checked)}
            />
            <span>Active: send deliveries</span>
          </label>
          {problems.form ? (
            <p role="alert" className="text-[13px] text-red-600 dark:text-red-400">
              {problems.form}
            </p>
          ) : null}
        </form>
      </DialogContent>
    </Dialog>
  );
}
