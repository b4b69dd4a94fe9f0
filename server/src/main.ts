import { startServer } from './app/bootstrap.ts';
import { ConfigError, loadConfig } from './config.ts';

function printSeed(seed: Awaited<ReturnType<typeof startServer>>['seed']): void {
  if (!seed.seeded) return;
  const lines = ['', 'First start: sign-in accounts were created. These passwords are shown only once.'];
  if (seed.admin) lines.push(`  Superadmin    ${seed.admin.email}  password: ${seed.admin.password}`);
  if (seed.demo) lines.push(`  Demo manager  ${seed.demo.email}  password: ${seed.demo.password}`);
  console.log(`${lines.join('\n')}\n`);
}

async function main(): Promise<void> {
  let config: ReturnType<typeof loadConfig>;
  try {
    config = loadConfig();
  } catch (err) {
    if (err instanceof ConfigError) {
      console.error(err.message);
      process.exit(1);
    }
    throw err;
  }
  // Signals are handled from the first moment: a stop during start-up (the first start's demo
  // backfill included) stops PostgreSQL and ends the process like a stop of a running server.
  let server: Awaited<ReturnType<typeof startServer>> | null = null;
  let database: { stop(): Promise<void>; stopNow(): void } | null = null;
  const shutdown = async (signal: string) => {
    if (shuttingDown) return;
    shuttingDown = true;
    console.log(`\n${signal} received, stopping Overlap...`);
    // Work cut short by the stop (a start-up query whose connection PostgreSQL ends) fails on its own;
    // such failures must not end the process before PostgreSQL is down.
    process.on('uncaughtException', () => {});
    process.on('unhandledRejection', () => {});
    // The whole stop takes less than 5 s and leaves no PostgreSQL behind. PostgreSQL's fast shutdown
    // ends with a checkpoint that, on a busy machine after much writing, can take seconds: at 2.5 s it
    // is told to stop at once instead (the next start replays the WAL; nothing committed is lost).
    // Whatever still runs at 4 s (a job, a slow client) is cut short: the process ends with 1.
    setTimeout(() => database?.stopNow(), 2_500).unref();
    setTimeout(() => {
      database?.stopNow();
      process.exit(1);
    }, 4_000).unref();
    const stopped = () => {
      console.log('Stopped.');
      process.exit(0);
    };
    // Ctrl-C reaches the whole process group, PostgreSQL included, which may then end before the
    // app's own stop: a stop step can be left waiting on a connection that is gone, with nothing
    // else running. The event loop then empties, which means everything has stopped: say so too,
    // instead of ending silently.
    process.once('beforeExit', stopped);
    if (server) await server.stop();
    else await waitForDatabaseThenStop();
    stopped();
  };
  /** A stop before the database came up: once it runs (it may be starting right now), stop it. */
  const waitForDatabaseThenStop = async () => {
    for (let i = 0; i < 30 && !database; i++) await new Promise((r) => setTimeout(r, 100));
    await database?.stop();
  };
  for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) process.on(signal, () => void shutdown(signal));

  const started = Date.now();
  try {
    server = await startServer(config, {
      onEmbedded: (embedded) => {
        database = embedded;
      },
    });
  } catch (err) {
    // Start-up failing because a signal is stopping it is no failure: the stop finishes the process.
    if (shuttingDown) return;
    throw err;
  }
  if (shuttingDown) {
    await server.stop();
    return;
  }
  printSeed(server.seed);
  if (server.url) console.log(`Overlap is running at ${server.url} (ready in ${Date.now() - started} ms)`);
  else console.log(`Overlap worker started (ROLE=${config.ROLE})`);
}

let shuttingDown = false;

main().catch((err) => {
  if (shuttingDown) return;
  console.error('Overlap failed to start:', err instanceof Error ? err.message : err);
  process.exit(1);
});
