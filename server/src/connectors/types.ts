import type { PresenceStatus } from '@overlap/contract/ingest';
import type { debugEventKind } from '@overlap/contract/integrations';
import type { z } from 'zod';
import type { Config } from '../config.ts';
import type { SecretBox } from '../lib/crypto.ts';
import type { GrantFields } from './oauth.ts';
import type { PartialSweep } from './results.ts';

/** What a connector knows about the integration it polls. */
export interface ConnectorIntegration {
  id: string;
  accountId: string;
  name: string;
  config: Record<string, unknown>;
  lastRunAt: Date | null;
  /** The stored credentials (OAuth tokens, a personal access token), sealed with `secrets`. */
  secretsEncrypted?: string | null;
  /** What this connector returned as `state` after the previous poll (member list, sweep position, ETags). */
  state?: unknown;
}

/** The run's debug log, as a connector writes to it (the pipeline records the run). */
export interface RunLog {
  debug(event: z.infer<typeof debugEventKind>, details?: Record<string, unknown>, durationMs?: number): void;
}

export interface ConnectorContext {
  /** The settings (provider base URLs) and the secret box (stored tokens); no database. */
  config: Config;
  secrets: SecretBox;
  integration: ConnectorIntegration;
  /** The time of this poll. */
  now: Date;
  /** Events newer than this are wanted (the previous run's start, or one step ago). */
  since: Date;
  stepMinutes: number;
  run: RunLog;
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

/** One event as the provider reports it, mapped onto our fields. */
export interface ProviderEvent {
  externalId: string;
  kind: string;
  timestamp: Date;
  title?: string | null;
  url?: string | null;
  personIdentifier: string;
  /** The author's name as the source reports it: names a person seen for the first time. */
  personName?: string | null;
  metadata?: Record<string, unknown> | null;
}

export interface PollResult {
  presence: PolledPresence[];
  events: ProviderEvent[];
  /** Kept for the next poll (the pipeline stores it on the integration). */
  state?: unknown;
  /** A refreshed OAuth grant the pipeline stores before anything else. */
  grant?: GrantFields;
  /** The sweep could not reach every member; the run log says so. */
  partial?: PartialSweep | null;
}

/** The history a connector can report on an integration's first run (`from` to the poll's `now`). */
export interface HistoryResult extends PollResult {
  /** How many people the history covers. */
  people: number;
}

/** One provider. Its samples and events go through the same engine as pushed ones. */
export interface Connector {
  provider: string;
  poll(ctx: ConnectorContext): Promise<PollResult>;
  /**
   * Optional: the days of history the first run backfills (then `history` is called once, instead
   * of `poll`, with `since` = now - historyDays).
   */
  historyDays?: number;
  history?(ctx: ConnectorContext): Promise<HistoryResult>;
}
