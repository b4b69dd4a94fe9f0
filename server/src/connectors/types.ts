import type { PresenceStatus } from '../db/schema/activity.ts';
import type { AppDeps } from '../http/deps.ts';
import type { EventInput } from '../modules/events/store.ts';

export type { EventInput };

import type { RunRecorder } from '../modules/runs/recorder.ts';

/** What a connector knows about the integration it polls. */
export interface ConnectorIntegration {
  id: string;
  accountId: string;
  name: string;
  config: Record<string, unknown>;
  lastRunAt: Date | null;
  /** Decrypted credentials: OAuth tokens (access_token, refresh_token, expires_at, scope) and password fields. */
  credentials?: Record<string, unknown>;
  /** What the previous poll left for this one (ETags, cursors); {} at first. */
  pollState?: Record<string, unknown>;
}

export interface ConnectorContext {
  deps: AppDeps;
  integration: ConnectorIntegration;
  /** The time of this poll. */
  now: Date;
  /** Events newer than this are wanted (the previous run's start, or one step ago). */
  since: Date;
  stepMinutes: number;
  run: RunRecorder;
}

/** One person as the provider reports them in a poll, already mapped onto our status values. */
export interface PolledPresence {
  personIdentifier: string;
  status: PresenceStatus;
  at: Date;
  name?: string | null;
  email?: string | null;
  timezone?: string | null;
}

export interface PollResult {
  presence: PolledPresence[];
  events: EventInput[];
  /** Replaces the integration's poll state when given (stored with the poll's data). */
  state?: Record<string, unknown>;
  /** Credentials to merge into the stored ones (a refreshed access token), when given. */
  credentials?: Record<string, unknown>;
}

/** One provider. Its samples and events go through the same engine as pushed ones. */
export interface Connector {
  provider: string;
  poll(ctx: ConnectorContext): Promise<PollResult>;
}
