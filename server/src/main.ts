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
  const started = Date.now();
  const server = await startServer(config);
  printSeed(server.seed);
  if (server.url) console.log(`Overlap is running at ${server.url} (ready in ${Date.now() - started} ms)`);
  else console.log(`Overlap worker started (ROLE=${config.ROLE})`);

  let shuttingDown = false;
  const shutdown = async (signal: string) => {
    if (shuttingDown) return;
    shuttingDown = true;
    console.log(`\n${signal} received, stopping Overlap...`);
    const force = setTimeout(() => process.exit(1), 20_000);
    force.unref();
    await server.stop();
    console.log('Stopped.');
    process.exit(0);
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGHUP', () => void shutdown('SIGHUP'));
}

main().catch((err) => {
  console.error('Overlap failed to start:', err instanceof Error ? err.message : err);
  process.exit(1);
});
