import type { Config } from '../config.ts';
import type { Database, Db } from '../db/client.ts';
import type { AccountStatus } from '../db/schema/accounts.ts';
import type { UserRole } from '../db/schema/users.ts';
import type { BuildInfo } from '../lib/build-info.ts';
import type { SecretBox } from '../lib/crypto.ts';
import type { ErrorTracker } from '../lib/error-tracking.ts';
import type { Mailer } from '../lib/mail/message.ts';

/** Long-lived collaborators, built once at start-up (app/bootstrap.ts, or a test) and shared by every request and job. */
export interface AppDeps {
  config: Config;
  database: Database;
  secrets: SecretBox;
  /** Set by the mail module at start-up. */
  mailer: Mailer;
  /** Publishes account-scoped change notifications (PostgreSQL NOTIFY) for live updates. */
  notify: (accountId: string, topic: string) => Promise<void>;
  /** Applies pushed presence (the inbox) to samples, blocks and rollups, behind the push API. */
  presence: PresencePump;
  /** What is running (version, commit, deploy), read once at start. */
  build: BuildInfo;
  /** Sentry when SENTRY_DSN is set; a no-op otherwise. */
  errors: ErrorTracker;
}

/**
 * The presence pump the push API hands pushed presence to (the pipeline implements it): the
 * core names only what callers need.
 */
export interface PresencePump {
  /**
   * Something was added to the inbox: apply it soon. Cheap; concurrent kicks coalesce. `events`:
   * only events were added, so the round leaves the presence inbox alone unless presence is due too.
   */
  kick(what?: 'presence' | 'events'): void;
  /**
   * Backpressure: resolves at once unless the inbox holds more than a full round (the engine is
   * falling behind); then it resolves when the round in progress ends, or after a short bound
   * (KEEP_UP_MAX_MS), whichever comes first. The push API awaits it before answering, so sources
   * slow down to about what the engine applies and the lag stays bounded.
   */
  keepUp(): Promise<void>;
  /** Drains now and waits for it (returns at once when another process holds the inbox). */
  flush(): Promise<void>;
  /** Resolves once the presence and event inboxes are empty (including rows other processes added). */
  settled(): Promise<void>;
  /** Stops kicking and waits for the drain in progress. */
  stop(): Promise<void>;
}

/** Who is acting, resolved from the session cookie once per request. */
export interface Actor {
  sessionId: string;
  userId: string;
  email: string;
  role: UserRole;
  accountId: string;
  accountName: string;
  accountStatus: AccountStatus;
  /** The superadmin acting as this user, when impersonating. */
  impersonatorId: string | null;
}

/** The one context object every service function takes first. */
export interface Ctx extends Actor {
  deps: AppDeps;
  db: Db;
  ip: string;
}
