import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';

export const rootDir = resolve(dirname(fileURLToPath(import.meta.url)), '../..');

const blankToUndefined = (v: string | undefined) => (v?.trim() === '' ? undefined : v?.trim());
const optionalUrl = z.string().optional().transform(blankToUndefined).pipe(z.url('must be a URL').optional());
const optionalString = z.string().optional().transform(blankToUndefined);
/** A provider's base address: its public host by default, a fake server's in tests; no trailing slash. */
const providerUrl = (fallback: string) =>
  z
    .string()
    .optional()
    .transform((v) => (blankToUndefined(v) ?? fallback).replace(/\/+$/, ''))
    .pipe(z.url('must be a URL'));

const configSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('127.0.0.1'),
  PUBLIC_URL: optionalUrl,
  DATABASE_URL: optionalUrl,
  DATA_DIR: z.string().default(resolve(rootDir, '.data')),
  APP_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  ROLE: z.enum(['web', 'worker', 'all']).default('all'),
  TRUST_PROXY: z
    .enum(['true', 'false'])
    .default('false')
    .transform((v) => v === 'true'),
  SMTP_URL: optionalUrl,
  MAIL_FROM: z.string().default('Overlap <no-reply@overlap.local>'),
  STRIPE_SECRET_KEY: optionalString,
  STRIPE_WEBHOOK_SECRET: optionalString,
  STRIPE_API_BASE: optionalUrl,
  SENTRY_DSN: optionalUrl.refine((v) => v === undefined || /^\w+:\/\/\w+(:\w*)?@[\w.-]+(:\d+)?\/.+$/.test(v), {
    message: 'must be a Sentry DSN such as https://key@o0.ingest.sentry.io/0',
  }),
  /** When set, /metrics answers only to `Authorization: Bearer <token>`; unset, only on loopback. */
  METRICS_TOKEN: optionalString,
  SEED_ADMIN_EMAIL: z.email().default('admin@overlap.local'),
  SEED_DEMO: z
    .enum(['true', 'false'])
    .default('true')
    .transform((v) => v === 'true'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  APP_NAME: z.string().trim().min(1).default('Overlap'),
  APP_VERSION: optionalString,
  DEPLOYED_AT: z.iso.datetime({ offset: true }).optional(),
  /** Build facts a pipeline sets; unset ones are read from the git checkout, if any. */
  GIT_COMMIT_SHA: optionalString.pipe(
    z
      .string()
      .regex(/^[0-9a-f]{7,40}$/i, 'must be a commit hash')
      .optional(),
  ),
  GIT_BRANCH: optionalString,
  GIT_COMMIT_AUTHOR: optionalString,
  GIT_COMMIT_MESSAGE: optionalString,
  DEPLOY_PIPELINE_URL: optionalUrl,
  /** Push API requests per minute per API key (documented in /docs). */
  INGEST_RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(1).default(120),
  /** Lets webhooks reach loopback, private and link-local addresses (tests and closed networks). */
  WEBHOOKS_ALLOW_PRIVATE: z
    .enum(['true', 'false'])
    .default('false')
    .transform((v) => v === 'true'),
  GITHUB_CLIENT_ID: optionalString,
  GITHUB_CLIENT_SECRET: optionalString,
  GITHUB_API_URL: providerUrl('https://api.github.com'),
  GITHUB_OAUTH_URL: providerUrl('https://github.com/login/oauth'),
  GITLAB_URL: providerUrl('https://gitlab.com'),
  GITLAB_CLIENT_ID: optionalString,
  GITLAB_CLIENT_SECRET: optionalString,
  GOOGLE_CLIENT_ID: optionalString,
  GOOGLE_CLIENT_SECRET: optionalString,
  GOOGLE_AUTH_URL: providerUrl('https://accounts.google.com/o/oauth2/v2/auth'),
  GOOGLE_TOKEN_URL: providerUrl('https://oauth2.googleapis.com/token'),
  GOOGLE_DRIVE_ACTIVITY_URL: providerUrl('https://driveactivity.googleapis.com'),
  GOOGLE_ADMIN_URL: providerUrl('https://admin.googleapis.com'),
  SLACK_CLIENT_ID: optionalString,
  SLACK_CLIENT_SECRET: optionalString,
  SLACK_API_URL: z.url('must be a URL').default('https://slack.com/api/'),
  SLACK_AUTHORIZE_URL: z.url('must be a URL').default('https://slack.com/oauth/v2/authorize'),
  MICROSOFT_CLIENT_ID: optionalString,
  MICROSOFT_CLIENT_SECRET: optionalString,
  MICROSOFT_TENANT: z.string().min(1).default('common'),
  MICROSOFT_LOGIN_URL: z.url('must be a URL').default('https://login.microsoftonline.com'),
  MICROSOFT_GRAPH_URL: z.url('must be a URL').default('https://graph.microsoft.com'),
  DISCORD_CLIENT_ID: optionalString,
  DISCORD_CLIENT_SECRET: optionalString,
  DISCORD_BOT_TOKEN: optionalString,
  DISCORD_API_URL: z.url('must be a URL').default('https://discord.com/api/v10'),
  DISCORD_AUTHORIZE_URL: z.url('must be a URL').default('https://discord.com/oauth2/authorize'),
  JOBS: z
    .enum(['true', 'false'])
    .default('true')
    .transform((v) => v === 'true'),
});

export type Config = z.infer<typeof configSchema> & {
  appSecret: string;
  publicUrl: string;
  version: string;
  deployedAt: string;
};

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
  }
}

function readVersion(): string {
  const pkg = JSON.parse(readFileSync(resolve(rootDir, 'package.json'), 'utf8')) as { version: string };
  return pkg.version;
}

function loadOrCreateSecret(dataDir: string): string {
  const file = resolve(dataDir, 'app-secret');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(dirname(file), { recursive: true });
  const secret = randomBytes(32).toString('base64url');
  writeFileSync(file, `${secret}\n`, { mode: 0o600 });
  return secret;
}

/** Parses every environment variable the server reads; throws a ConfigError naming each bad one. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = configSchema.safeParse(env);
  if (!parsed.success) {
    throw new ConfigError(parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`));
  }
  const c = parsed.data;
  if (c.STRIPE_SECRET_KEY && !c.STRIPE_WEBHOOK_SECRET) {
    // Without the webhooks a Stripe subscription never reaches the account.
    throw new ConfigError(['STRIPE_WEBHOOK_SECRET: is required when STRIPE_SECRET_KEY is set']);
  }
  const publicUrl = (c.PUBLIC_URL ?? `http://localhost:${c.PORT}`).replace(/\/$/, '');
  return {
    ...c,
    appSecret: c.APP_SECRET ?? loadOrCreateSecret(c.DATA_DIR),
    publicUrl,
    version: c.APP_VERSION ?? readVersion(),
    deployedAt: c.DEPLOYED_AT ?? new Date().toISOString(),
  };
}
