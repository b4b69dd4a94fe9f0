import { paths, webhookReceipt } from '@overlap/contract/billing';
import { errorBody } from '@overlap/contract/common';
import type { AreaPlugin } from '../area.ts';
import { receiveStripeWebhook } from './webhook-service.ts';

/**
 * POST /api/v1/billing/webhook, in its own plugin scope: Stripe signs the exact bytes it sent, so
 * JSON bodies here are kept raw (a Buffer) for the signature check instead of being parsed.
 */
const webhookRoute: AreaPlugin = async (app, { deps }) => {
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'buffer' }, (_request, body, done) => done(null, body));
  app.post(
    paths.webhook,
    {
      schema: {
        tags: ['billing'],
        summary: 'Stripe webhook endpoint (signed with STRIPE_WEBHOOK_SECRET)',
        description:
          'Handles checkout.session.completed, customer.subscription.created|updated|deleted, ' +
          'customer.subscription.trial_will_end, invoice.paid and invoice.payment_failed. A bad or stale ' +
          'signature is 400 and changes nothing; an event already applied is acknowledged with duplicate true.',
        response: { 200: webhookReceipt, 400: errorBody, 404: errorBody, 502: errorBody },
      },
    },
    async (request) => {
      const signature = request.headers['stripe-signature'];
      const raw = Buffer.isBuffer(request.body) ? request.body : Buffer.from('');
      return receiveStripeWebhook(deps, raw, typeof signature === 'string' ? signature : undefined);
    },
  );
};
export default webhookRoute;
