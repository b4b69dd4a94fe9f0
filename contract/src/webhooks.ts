import { z } from 'zod';
import { offsetQuery } from './common.ts';

export const WEBHOOK_EVENTS = ['person.online', 'person.offline', 'day.summary'] as const;
export const webhookEventType = z.enum(WEBHOOK_EVENTS, {
  message: `must be one of ${WEBHOOK_EVENTS.join(', ')}`,
});
export type WebhookEventType = z.infer<typeof webhookEventType>;
/** The type of the payload 'Send test' delivers. */
export const TEST_EVENT_TYPE = 'webhook.test';

/** Header carrying `t=<unix seconds>,v1=<hex HMAC-SHA256 of "t.body" with the webhook secret>`. */
export const SIGNATURE_HEADER = 'Overlap-Signature';
export const MAX_WEBHOOKS_PER_ACCOUNT = 10;
export const WEBHOOK_URL_MAX = 2048;
/** Waits before each retry of a failed delivery: 1 min, 5 min, 30 min, 2 h, 6 h. */
export const RETRY_DELAYS_SECONDS = [60, 300, 1800, 7200, 21600] as const;

const isoTime = z.string().describe('ISO 8601 date-time (UTC)');

const webhookUrl = z
  .string({ message: 'is required' })
  .trim()
  .min(1, 'is required')
  .max(WEBHOOK_URL_MAX, `must be at most ${WEBHOOK_URL_MAX} characters`)
  .refine(
    (v) => {
      try {
        const u = new URL(v);
        return u.protocol === 'http:' || u.protocol === 'https:';
      } catch {
        return false;
      }
    },
    { message: 'must be an http or https URL' },
  );

const eventList = z
  .array(webhookEventType, { message: `must be a list of events (${WEBHOOK_EVENTS.join(', ')})` })
  .min(1, 'must name at least one event')
  .refine((list) => new Set(list).size === list.length, { message: 'must not name an event twice' });

export const deliveryStatus = z.enum(['pending', 'succeeded', 'failed']);
export type DeliveryStatus = z.infer<typeof deliveryStatus>;

export const lastDelivery = z.object({
  status: deliveryStatus,
  at: isoTime,
  responseStatus: z.number().int().nullable(),
});

export const webhook = z
  .object({
    id: z.uuid(),
    url: z.string(),
    events: z.array(webhookEventType),
    active: z.boolean(),
    secretHint: z
      .string()
      .describe('The end of the signing secret, to tell secrets apart; the secret itself is shown once'),
    createdAt: isoTime,
    updatedAt: isoTime,
    lastDelivery: lastDelivery.nullable(),
  })
  .meta({ id: 'Webhook' });
export type Webhook = z.infer<typeof webhook>;

export const webhooksResponse = z.object({ webhooks: z.array(webhook) });
export type WebhooksResponse = z.infer<typeof webhooksResponse>;

export const createWebhookBody = z.object({
  url: webhookUrl,
  events: eventList,
  active: z.boolean({ message: 'must be true or false' }).default(true),
});
export type CreateWebhookBody = z.input<typeof createWebhookBody>;

export const updateWebhookBody = z
  .object({
    url: webhookUrl.optional(),
    events: eventList.optional(),
    active: z.boolean({ message: 'must be true or false' }).optional(),
  })
  .refine((b) => b.url !== undefined || b.events !== undefined || b.active !== undefined, {
    message: 'must change url, events or active',
  });
export type UpdateWebhookBody = z.input<typeof updateWebhookBody>;

export const webhookWithSecret = z.object({
  webhook,
  secret: z.string().describe('The signing secret. Shown only in this answer; rotate it to get a new one'),
});
export type WebhookWithSecret = z.infer<typeof webhookWithSecret>;

export const deliveryAttempt = z.object({
  at: isoTime,
  responseStatus: z.number().int().nullable(),
  error: z.string().nullable(),
  durationMs: z.number().int(),
});

export const webhookDelivery = z
  .object({
    id: z.uuid(),
    eventId: z.uuid(),
    eventType: z.string(),
    status: deliveryStatus,
    attempts: z.number().int(),
    responseStatus: z.number().int().nullable().describe('HTTP status of the last attempt; null when it got no answer'),
    error: z.string().nullable().describe('Why the last attempt failed'),
    createdAt: isoTime,
    lastAttemptAt: isoTime.nullable(),
    nextAttemptAt: isoTime.nullable().describe('When the next attempt is due; null once succeeded or given up'),
    attemptLog: z.array(deliveryAttempt),
  })
  .meta({ id: 'WebhookDelivery' });
export type WebhookDelivery = z.infer<typeof webhookDelivery>;

export const deliveriesQuery = offsetQuery(20, 100);
export const deliveriesResponse = z.object({
  deliveries: z.array(webhookDelivery),
  pagination: z.object({ total: z.number().int(), offset: z.number().int() }),
});
export type DeliveriesResponse = z.infer<typeof deliveriesResponse>;

export const rotateSecretResponse = z.object({ secret: z.string() });

/** What every delivery's body looks like. */
const personRef = z.object({ id: z.uuid(), name: z.string().nullable(), timezone: z.string() });
export const webhookPayload = z
  .object({
    id: z.uuid().describe('The event id: the same in every retry of the event, for receivers that de-duplicate'),
    type: z.string().describe(`${WEBHOOK_EVENTS.join(', ')} or ${TEST_EVENT_TYPE}`),
    createdAt: isoTime,
    data: z.union([
      z.object({ person: personRef, online: z.boolean(), lastSeenAt: isoTime.nullable() }),
      z.object({
        date: z.string().describe('YYYY-MM-DD, each person’s local day'),
        people: z.array(
          personRef.extend({
            onlineMinutes: z.number().int(),
            blocks: z.number().int(),
            events: z.number().int(),
          }),
        ),
      }),
      z.object({ message: z.string() }),
    ]),
  })
  .meta({ id: 'WebhookPayload' });
export type WebhookPayload = z.infer<typeof webhookPayload>;

export { webhookPaths as paths } from './paths.ts';
