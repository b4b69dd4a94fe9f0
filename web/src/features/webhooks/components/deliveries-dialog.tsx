import type { Webhook, WebhookDelivery } from '@overlap/contract/webhooks';
import { Inbox, RefreshCw } from 'lucide-react';
import { useState } from 'react';
import { Badge } from '../../../ui/badge';
import { Dialog, DialogContent } from '../../../ui/dialog';
import { EmptyState } from '../../../ui/empty-state';
import { LoadingRows } from '../../../ui/loading-rows';
import { Pagination } from '../../../ui/pagination';
import { RetryBanner } from '../../../ui/retry-banner';
import { Table, type TableColumn } from '../../../ui/table';
import { DELIVERIES_PAGE, useDeliveries } from '../api/webhooks';
import { deliveryStateLabel, deliveryTime, deliveryTone, eventLabel, shortUrl } from '../lib/format';

const columns: TableColumn<WebhookDelivery>[] = [
  {
    key: 'event',
    header: 'Event',
    primary: true,
    cell: (d) => (
      <span className="flex flex-col">
        <span className="font-medium">{eventLabel(d.eventType)}</span>
        <code className="font-mono text-[11px] text-muted">{d.eventId.slice(0, 8)}</code>
      </span>
    ),
  },
  {
    key: 'status',
    header: 'Status',
    cell: (d) => (
      <Badge tone={deliveryTone[d.status]} dot>
        {deliveryStateLabel(d.status, d.attempts)}
      </Badge>
    ),
  },
  {
    key: 'response',
    header: 'Response',
    cell: (d) => (
      <span className="flex flex-col">
        <span className="tabular">{d.responseStatus ?? '—'}</span>
        {d.error && d.status !== 'succeeded' ? (
          <span className="max-w-56 truncate text-xs text-muted" title={d.error}>
            {d.error}
          </span>
        ) : null}
      </span>
    ),
  },
  {
    key: 'attempts',
    header: 'Attempts',
    cell: (d) => <span className="tabular">{d.attempts}</span>,
  },
  {
    key: 'time',
    header: 'Time',
    cell: (d) => (
      <span className="tabular flex flex-col text-muted">
        <span>{deliveryTime(d.lastAttemptAt ?? d.createdAt)}</span>
        {d.nextAttemptAt ? <span className="text-xs">next {deliveryTime(d.nextAttemptAt)}</span> : null}
      </span>
    ),
  },
];

export interface DeliveriesDialogProps {
  webhook: Webhook | null;
  onClose: () => void;
}

/** The delivery log of one webhook: status, time, response code and attempts, newest first. */
export function DeliveriesDialog({ webhook, onClose }: DeliveriesDialogProps) {
  return (
    <Dialog open={webhook !== null} onOpenChange={(open) => (open ? null : onClose())}>
      {webhook ? (
        <DialogContent title="Deliveries" description={shortUrl(webhook.url)} size="lg">
          <DeliveriesLog webhookId={webhook.id} />
        </DialogContent>
      ) : null}
    </Dialog>
  );
}

function DeliveriesLog({ webhookId }: { webhookId: string }) {
  const [page, setPage] = useState(1);
  const deliveries = useDeliveries(webhookId, (page - 1) * DELIVERIES_PAGE);
  if (deliveries.isPending) {
    return <LoadingRows label="Loading deliveries" rows={3} rowClassName="h-10" />;
  }
  if (deliveries.isError) {
    return (
      <RetryBanner onRetry={() => deliveries.refetch()} label="Retry" icon={<RefreshCw />}>
        Failed to load deliveries: {deliveries.error.message}
      </RetryBanner>
    );
  }
  const { total } = deliveries.data.pagination;
  return (
    <div className="flex flex-col gap-3">
      <Table
        columns={columns}
        rows={deliveries.data.deliveries}
        rowKey={(d) => d.id}
        caption="Webhook deliveries"
        maxHeight="22rem"
        empty={<EmptyState icon={Inbox} description="No deliveries yet. Use Send test to try the webhook." />}
      />
      {total > DELIVERIES_PAGE ? (
        <Pagination
          page={page}
          totalPages={Math.ceil(total / DELIVERIES_PAGE)}
          totalCount={total}
          pageSize={DELIVERIES_PAGE}
          onPageChange={setPage}
        />
      ) : null}
    </div>
  );
}
