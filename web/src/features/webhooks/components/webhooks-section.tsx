import type { Webhook } from '@overlap/contract/webhooks';
import { KeyRound, Pencil, Plus, RefreshCw, ScrollText, Send, Trash2, Webhook as WebhookIcon } from 'lucide-react';
import { useState } from 'react';
import { errorMessage } from '../../../api/client';
import { Badge } from '../../../ui/badge';
import { Button } from '../../../ui/button';
import { ConfirmDialog } from '../../../ui/confirm-dialog';
import { EmptyState } from '../../../ui/empty-state';
import { IconButton } from '../../../ui/icon-button';
import { LoadingRows } from '../../../ui/loading-rows';
import { RetryBanner } from '../../../ui/retry-banner';
import { Table, type TableColumn } from '../../../ui/table';
import { toast } from '../../../ui/toaster';
import { useDeleteWebhook, useRotateSecret, useSendTest, useWebhooks } from '../api/webhooks';
import { deliveryStateLabel, deliveryTime, deliveryTone, eventLabel } from '../lib/format';
import { DeliveriesDialog } from './deliveries-dialog';
import { SecretDialog } from './secret-dialog';
import { WebhookFormDialog } from './webhook-form-dialog';

/** The account page's webhooks: add, edit, send a test, read the delivery log, rotate the secret, delete. */
export function WebhooksSection() {
  const webhooks = useWebhooks();
  const sendTest = useSendTest();
  const rotate = useRotateSecret();
  const remove = useDeleteWebhook();
  const [form, setForm] = useState<{ open: boolean; webhook?: Webhook }>({ open: false });
  const [secret, setSecret] = useState<{ value: string; reason: 'created' | 'rotated' } | null>(null);
  const [log, setLog] = useState<Webhook | null>(null);
  const [rotating, setRotating] = useState<Webhook | null>(null);
  const [deleting, setDeleting] = useState<Webhook | null>(null);
  const [testing, setTesting] = useState<string | null>(null);

  const test = async (w: Webhook) => {
    setTesting(w.id);
    try {
      const delivery = await sendTest.mutateAsync(w.id);
      if (delivery.status === 'succeeded') toast.success(`Test delivered (HTTP ${delivery.responseStatus})`);
      else toast.error('Test delivery failed', { description: delivery.error ?? undefined });
    } catch (err) {
      toast.error('Could not send the test', { description: errorMessage(err, 'Please try again.') });
    } finally {
      setTesting(null);
    }
  };

  const columns: TableColumn<Webhook>[] = [
    {
      key: 'url',
      header: 'Endpoint',
      primary: true,
      cell: (w) => (
        <div className="flex min-w-0 flex-col gap-1">
          <span className="truncate font-medium text-fg" title={w.url}>
            {w.url}
          </span>
          <span className="flex flex-wrap gap-1">
            {w.events.map((e) => (
              <Badge key={e} tone="neutral">
                {eventLabel(e)}
              </Badge>
            ))}
          </span>
        </div>
      ),
      className: 'max-w-[22rem]',
    },
    {
      key: 'active',
      header: 'State',
      cell: (w) =>
        w.active ? (
          <Badge tone="success" dot>
            Active
          </Badge>
        ) : (
          <Badge tone="neutral" dot>
            Off
          </Badge>
        ),
    },
    {
      key: 'last',
      header: 'Last delivery',
      cell: (w) =>
        w.lastDelivery ? (
          <span className="flex flex-col gap-0.5">
            <span className="flex items-center gap-1.5">
              <Badge tone={deliveryTone[w.lastDelivery.status]} dot>
                {deliveryStateLabel(w.lastDelivery.status, 1)}
              </Badge>
              {w.lastDelivery.responseStatus !== null ? (
                <span className="tabular text-xs text-muted">HTTP {w.lastDelivery.responseStatus}</span>
              ) : null}
            </span>
            <span className="tabular text-xs text-muted">{deliveryTime(w.lastDelivery.at)}</span>
          </span>
        ) : (
          <span className="text-muted">None yet</span>
        ),
    },
    {
      key: 'actions',
      header: <span className="sr-only">Actions</span>,
      mobileLabel: 'Actions',
      align: 'right',
      cell: (w) => (
        <div className="flex flex-wrap items-center justify-end gap-1">
          <Button size="sm" icon={<Send />} loading={testing === w.id} onClick={() => test(w)}>
            Send test
          </Button>
          <Button size="sm" icon={<ScrollText />} onClick={() => setLog(w)}>
            Deliveries
          </Button>
          <IconButton
            size="sm"
            label="Edit webhook"
            icon={<Pencil />}
            onClick={() => setForm({ open: true, webhook: w })}
          />
          <IconButton size="sm" label="Rotate signing secret" icon={<KeyRound />} onClick={() => setRotating(w)} />
          <IconButton size="sm" label="Delete webhook" icon={<Trash2 />} onClick={() => setDeleting(w)} />
        </div>
      ),
    },
  ];

  return (
    <section aria-labelledby="webhooks-heading" className="flex flex-col gap-4">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h2 id="webhooks-heading" className="text-base font-semibold tracking-tight">
            Webhooks
          </h2>
          <p className="text-sm text-muted">
            Tell your own tools when people come online or go offline, and send a summary of each day.
          </p>
        </div>
        <Button variant="primary" icon={<Plus />} onClick={() => setForm({ open: true })}>
          Add webhook
        </Button>
      </div>
      {webhooks.isPending ? (
        <LoadingRows label="Loading webhooks" rows={2} rowClassName="h-14 w-full" />
      ) : webhooks.isError ? (
        <RetryBanner onRetry={() => webhooks.refetch()} label="Retry" icon={<RefreshCw />}>
          Failed to load webhooks: {webhooks.error.message}
        </RetryBanner>
      ) : (
        <Table
          columns={columns}
          rows={webhooks.data.webhooks}
          rowKey={(w) => w.id}
          caption="Webhooks"
          empty={
            <EmptyState
              icon={WebhookIcon}
              title="No webhooks yet"
              description="Add a URL and Overlap will POST a signed event to it whenever someone comes online or goes offline."
              action={
                <Button variant="primary" icon={<Plus />} onClick={() => setForm({ open: true })}>
                  Add webhook
                </Button>
              }
            />
          }
        />
      )}

      <WebhookFormDialog
        open={form.open}
        webhook={form.webhook}
        onOpenChange={(open) => setForm((f) => ({ ...f, open }))}
        onCreated={(value) => setSecret({ value, reason: 'created' })}
      />
      <SecretDialog
        secret={secret?.value ?? null}
        reason={secret?.reason ?? 'created'}
        onClose={() => setSecret(null)}
      />
      <DeliveriesDialog webhook={log} onClose={() => setLog(null)} />
      <ConfirmDialog
        open={rotating !== null}
        onOpenChange={(open) => (open ? null : setRotating(null))}
        title="Rotate the signing secret?"
        description="A new secret signs every delivery from now on; receivers that check the old one will refuse them until you update them."
        confirmLabel="Rotate secret"
        errorOf={(err) => errorMessage(err, 'Could not rotate the secret.')}
        onConfirm={async () => {
          if (!rotating) return;
          const { secret: value } = await rotate.mutateAsync(rotating.id);
          setRotating(null);
          setSecret({ value, reason: 'rotated' });
        }}
      />
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(open) => (open ? null : setDeleting(null))}
        title="Delete this webhook?"
        description={`Deliveries to ${deleting?.url ?? 'it'} stop, and its delivery log is deleted. This cannot be undone.`}
        confirmLabel="Delete webhook"
        tone="danger"
        errorOf={(err) => errorMessage(err, 'Could not delete the webhook.')}
        onConfirm={async () => {
          if (!deleting) return;
          await remove.mutateAsync(deleting.id);
          setDeleting(null);
          toast.success('Webhook deleted');
        }}
      />
    </section>
  );
}
