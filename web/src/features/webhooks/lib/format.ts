import type { DeliveryStatus, WebhookEventType } from '@overlap/contract/webhooks';
import { formatDateTime } from '../../../lib/format-time';
import type { BadgeTone } from '../../../ui/badge';

export const EVENT_CHOICES: readonly { value: WebhookEventType; label: string; description: string }[] = [
  { value: 'person.online', label: 'Person online', description: 'Someone on the team comes online.' },
  { value: 'person.offline', label: 'Person offline', description: 'Someone on the team goes offline.' },
  {
    value: 'day.summary',
    label: 'Day summary',
    description: "Each person's online minutes, blocks and events once a day has ended for the whole team.",
  },
];

const labels = new Map<string, string>([
  ...EVENT_CHOICES.map((e) => [e.value, e.label] as [string, string]),
  ['webhook.test', 'Test'],
]);
export const eventLabel = (type: string) => labels.get(type) ?? type;

export const deliveryTone: Record<DeliveryStatus, BadgeTone> = {
  pending: 'warning',
  succeeded: 'success',
  failed: 'danger',
};
export const deliveryLabel: Record<DeliveryStatus, string> = {
  pending: 'Retrying',
  succeeded: 'Delivered',
  failed: 'Failed',
};

/** The label of a delivery's state: a delivery not tried yet is 'Queued', one waiting for a retry 'Retrying'. */
export const deliveryStateLabel = (status: DeliveryStatus, attempts: number) =>
  status === 'pending' && attempts === 0 ? 'Queued' : deliveryLabel[status];

/** '10 Jun, 14:05:09' (or '10 Jun, 2:05:09 PM') in the viewer's timezone. */
export const deliveryTime = (iso: string): string => formatDateTime(iso, { year: false, precision: 'seconds' });

/** The host and path of a URL without its query (which may hold a token), for narrow places. */
export function shortUrl(url: string): string {
  try {
    const u = new URL(url);
    return `${u.host}${u.pathname === '/' ? '' : u.pathname}`;
  } catch {
    return url;
  }
}
