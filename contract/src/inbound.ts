import { z } from 'zod';

/** Providers that deliver webhooks to `POST /api/v1/inbound/{provider}/{integrationId}`. */
export const webhookProviders = ['github', 'gitlab'] as const;
export const webhookProvider = z.enum(webhookProviders, { message: 'must be github or gitlab' });
export type WebhookProvider = z.infer<typeof webhookProvider>;

export const inboundParams = z.object({
  provider: webhookProvider,
  integrationId: z.uuid({ message: 'must be a valid id' }),
});

export const inboundResult = z.object({
  received: z.number().int().describe('Events the delivery carried'),
  created: z.number().int().describe('Events stored now'),
  duplicates: z.number().int().describe('Events already stored (a redelivery stores nothing twice)'),
  ignored: z.string().nullable().describe('Why a delivery of an unused event type (or a ping) stored nothing'),
});
export type InboundResult = z.infer<typeof inboundResult>;

/** The incoming webhook of an integration, for the owner to paste into the provider. */
export const webhookSettings = z.object({
  url: z.string().describe('Payload URL to give the provider'),
  secret: z.string().describe('Secret (GitHub) or secret token (GitLab) to give the provider'),
});
export type WebhookSettings = z.infer<typeof webhookSettings>;

export { inboundPaths } from './paths.ts';
