import type { ProviderEvent } from './types.ts';

/** What a provider's webhook delivery means for us, once its signature is known to be good. */
export type WebhookOutcome =
  /** A delivery that only checks the hook (GitHub's ping): answered 200, nothing stored. */
  | { type: 'ping' }
  /** Events to store once each (by externalId), with what the provider said about the delivery. */
  | { type: 'events'; events: ProviderEvent[]; details: Record<string, unknown> }
  /** A delivery of a kind we do not use: answered 200 so the provider does not retry it. */
  | { type: 'ignored'; reason: string };

/** A delivery whose body does not have the shape the provider documents: answered 400. */
export class WebhookPayloadError extends Error {
  constructor(
    readonly field: string,
    message: string,
  ) {
    super(`${field}: ${message}`);
  }
}

/** The first line of a commit message, at most 500 characters: the event's title. */
export function commitTitle(message: string): string {
  const first = message.split('\n', 1)[0]?.trim() ?? '';
  return first.length > 500 ? `${first.slice(0, 499)}…` : first;
}

/** A commit's person: its author e-mail (lower case), so one person's commits on GitHub, GitLab and chat merge. */
export function commitAuthorIdentifier(author: { email?: string | null; username?: string | null; name?: string }) {
  const email = author.email?.trim().toLowerCase();
  if (email) return email;
  return author.username?.trim() || author.name?.trim() || 'unknown';
}
