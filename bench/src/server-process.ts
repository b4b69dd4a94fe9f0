import { type ChildProcess, spawn } from 'node:child_process';
import { resolve } from 'node:path';
import { freePort } from '../../server/src/db/embedded.ts';

const repoRoot = resolve(import.meta.dirname, '../..');

/**
 * The real server (`server/src/main.ts`) in its own process, jobs off, on a free port.
 * BENCH_SERVER_NODE_ARGS (e.g. "--cpu-prof --cpu-prof-dir=DIR") are passed to its node.
 */
export async function startServerProcess(databaseUrl: string, dataDir: string, env: Record<string, string> = {}) {
  const port = await freePort();
  const nodeArgs = process.env.BENCH_SERVER_NODE_ARGS?.split(' ').filter(Boolean) ?? [];
  const child: ChildProcess = spawn(process.execPath, [...nodeArgs, '--import', 'tsx', 'server/src/main.ts'], {
    cwd: repoRoot,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      LOG_LEVEL: 'warn',
      PORT: String(port),
      DATA_DIR: dataDir,
      DATABASE_URL: databaseUrl,
      APP_SECRET: 'reads-bench-secret-reads-bench-secret-00',
      SEED_DEMO: 'false',
      JOBS: 'false',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  child.stdout?.on('data', (d) => {
    if (out.length < 100_000) out += d.toString();
  });
  child.stderr?.on('data', (d) => {
    if (out.length < 100_000) out += d.toString();
  });
  const deadline = Date.now() + 90_000;
  while (!/Overlap is running at/.test(out)) {
    if (child.exitCode !== null || Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`server did not start:\n${out}`);
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  return {
    url: `http://127.0.0.1:${port}`,
    pid: child.pid ?? 0,
    output: () => out,
    stop: async () => {
      if (child.exitCode !== null) return;
      child.kill('SIGTERM');
      await new Promise((r) => child.once('exit', r));
    },
  };
}
