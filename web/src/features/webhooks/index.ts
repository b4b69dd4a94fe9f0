/** Outgoing webhooks: the section of the account page where managers manage them. */
export { WebhooksSection } from './components/webhooks-section';
