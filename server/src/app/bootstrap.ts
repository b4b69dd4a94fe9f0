import { resolve } from 'node:path';
import { sql } from 'drizzle-orm';
import { type Config, rootDir } from '../config.ts';
import type { AppDeps } from '../core/context.ts';
import { connectDatabase, type Database, runMigrations } from '../db/client.ts';
import { type EmbeddedDatabase, ensureDatabase, startEmbeddedPostgres } from '../db/embedded.ts';
import { type App, buildApp } from '../http/app.ts';
import { type JobRunner, startJobs } from '../jobs/index.ts';
import { buildInfoOf, readGitCheckout } from '../lib/build-info.ts';
import { SecretBox } from '../lib/crypto.ts';
import { createErrorTracker } from '../lib/error-tracking.ts';
import { createMailer } from '../lib/mail/mailer.ts';
import { createNotifier } from '../lib/notify.ts';
import { DiscordGatewayHolder } from '../pipeline/discord-gateway-holder.ts';
import { createPresencePump } from '../pipeline/presence-pump.ts';
import { type SeedResult, seedIfEmpty } from './seed.ts';
import { createDemoTeam } from './seed-team.ts';

export interface RunningServer {
  deps: AppDeps;
  app: App | null;
  url: string | null;
  seed: SeedResult;
  stop(): Promise<void>;
}

/** One advisory lock serialises migrations and seeding when several processes start together. */
const STARTUP_LOCK = 4_242_001;

export async function openDatabase(config: Config, log: (l: string) => void) {
  let embedded: EmbeddedDatabase | null = null;
  let url = config.DATABASE_URL;
  if (!url) {
    embedded = await startEmbeddedPostgres(resolve(config.DATA_DIR, 'postgres'), { log });
    url = await ensureDatabase(embedded.url, 'overlap');
  }
  return { url, embedded };
}

export async function prepareDatabase(database: Database, body: () => Promise<void> = async () => {}) {
  const client = await database.pool.connect();
  try {
    await client.query('select pg_advisory_lock($1)', [STARTUP_LOCK]);
    await runMigrations(database.db);
    await body();
  } finally {
    await client.query('select pg_advisory_unlock($1)', [STARTUP_LOCK]).catch(() => {});
    client.release();
  }
}

export function createDeps(config: Config, database: Database, log: (l: string) => void): AppDeps {
  const notify = createNotifier(database);
  const build = buildInfoOf(config, config.GIT_COMMIT_SHA ? null : readGitCheckout(rootDir));
  return {
    build,
    errors: createErrorTracker({
      dsn: config.SENTRY_DSN,
      environment: config.NODE_ENV,
      release: build.fullVersion,
      log,
    }),
    config,
    database,
    secrets: new SecretBox(config.appSecret),
    mailer: createMailer({ db: database.db, smtpUrl: config.SMTP_URL, from: config.MAIL_FROM, log }),
    notify,
    presence: createPresencePump({
      db: database.db,
      notify,
      onError: (err) => log(`presence pump: ${err instanceof Error ? err.message : String(err)}`),
    }),
  };
}

export async function startServer(
  config: Config,
  options: {
    log?: (line: string) => void;
    logger?: boolean | object;
    /** Gets, as soon as the embedded PostgreSQL runs, a way to stop it even while start-up goes on. */
    onEmbedded?: (database: Pick<EmbeddedDatabase, 'stop' | 'stopNow'>) => void;
  } = {},
): Promise<RunningServer> {
  const log = options.log ?? ((l: string) => console.log(l));
  const { url, embedded } = await openDatabase(config, log);
  if (embedded) options.onEmbedded?.(embedded);
  const database = connectDatabase(url, { max: 20 });
  const deps = createDeps(config, database, log);
  let seed: SeedResult = { seeded: false };
  let jobs = null as JobRunner | null;
  let app: App | null = null;
  const discord = new DiscordGatewayHolder(deps);
  try {
    await prepareDatabase(database, async () => {
      seed = await seedIfEmpty(deps, { demo: config.SEED_DEMO, createDemoTeam });
      // pg-boss installs its schema, queues and schedules on start; processes starting together would
      // deadlock on that, so it happens under the same start-up lock.
      if (config.JOBS) jobs = await startJobs(deps, { work: config.ROLE !== 'web' });
    });
    let address: string | null = null;
    if (config.ROLE !== 'worker') {
      app = await buildApp(deps, { logger: options.logger ?? { level: config.LOG_LEVEL } });
      await app.listen({ port: config.PORT, host: config.HOST });
      const bound = app.server.address();
      const port = typeof bound === 'object' && bound ? bound.port : config.PORT;
      address = `http://${['0.0.0.0', '127.0.0.1', '::'].includes(config.HOST) ? 'localhost' : config.HOST}:${port}`;
    }
    // Presence a previous process accepted but did not get to apply.
    deps.presence.kick();
    // Discord's Gateway: every worker offers to hold it; the advisory lock picks exactly one.
    if (config.ROLE !== 'web') discord.start();
    let stopping: Promise<void> | null = null;
    return {
      deps,
      app,
      url: address,
      seed,
      stop: () => {
        stopping ??= (async () => {
          await app?.close().catch(() => {});
          await discord.stop().catch(() => {});
          await deps.presence.stop().catch(() => {});
          await jobs?.stop().catch(() => {});
          await database.db.execute(sql`select 1`).catch(() => {});
          await database.close().catch(() => {});
          await embedded?.stop();
        })();
        return stopping;
      },
    };
  } catch (err) {
    await app?.close().catch(() => {});
    await deps.presence.stop().catch(() => {});
    await jobs?.stop().catch(() => {});
    await database.close().catch(() => {});
    await embedded?.stop().catch(() => {});
    throw err;
  }
}
