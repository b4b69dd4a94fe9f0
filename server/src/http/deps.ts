import type { Config } from '../config.ts';
import type { Database, Db } from '../db/client.ts';
import type { AccountStatus } from '../db/schema/accounts.ts';
import type { UserRole } from '../db/schema/users.ts';
import type { PresencePump } from '../engine/presence-pump.ts';
import type { BuildInfo } from '../lib/build-info.ts';
import type { SecretBox } from '../lib/crypto.ts';
import type { ErrorTracker } from '../lib/error-tracking.ts';

/** Long-lived collaborators, built once in main.ts (or a test) and shared by every request and job. */
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

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
}
export interface Mailer {
  send(message: MailMessage): Promise<void>;
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
