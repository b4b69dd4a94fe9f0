import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

export const repoRoot = resolve(import.meta.dirname, '../..');

export function freePort(): Promise<number> {
  return new Promise((res, rej) => {
    const s = createServer();
    s.on('error', rej);
    s.listen(0, '127.0.0.1', () => {
      const a = s.address();
      const port = typeof a === 'object' && a ? a.port : 0;
      s.close(() => res(port));
    });
  });
}

export interface StartedServer {
  url: string;
  port: number;
  dataDir: string;
  output: () => string;
  process: ChildProcess;
  stop(signal?: NodeJS.Signals): Promise<number | null>;
}

/** Starts the real server (`server/src/main.ts`) as its own process, with its own port and data directory. */
export async function startOverlap(env: Record<string, string> = {}, timeoutMs = 90_000): Promise<StartedServer> {
  const port = Number(env.PORT ?? (await freePort()));
  const dataDir = env.DATA_DIR ?? mkdtempSync(join(tmpdir(), 'overlap-e2e-'));
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/src/main.ts'], {
    cwd: repoRoot,
    env: { ...process.env, NODE_ENV: 'production', LOG_LEVEL: 'warn', ...env, PORT: String(port), DATA_DIR: dataDir },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  child.stdout?.on('data', (d) => {
    out += d.toString();
  });
  child.stderr?.on('data', (d) => {
    out += d.toString();
  });
  const exited = new Promise<number | null>((res) => child.on('exit', (code) => res(code)));
  const deadline = Date.now() + timeoutMs;
  while (!/Overlap is running at/.test(out)) {
    if (child.exitCode !== null) throw new Error(`server exited early:\n${out}`);
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`server did not start in ${timeoutMs} ms:\n${out}`);
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  return {
    url: `http://localhost:${port}`,
    port,
    dataDir,
    output: () => out,
    process: child,
    async stop(signal = 'SIGTERM') {
      if (child.exitCode === null) child.kill(signal);
      const code = await exited;
      // A folder made here (not one the caller named) goes with its server: it holds a PostgreSQL.
      if (!env.DATA_DIR) {
        try {
          rmSync(dataDir, { recursive: true, force: true, maxRetries: 3 });
        } catch {
          // Left behind if something still writes there; the test's result does not depend on it.
        }
      }
      return code;
    },
  };
}

export function seededPasswords(output: string) {
  const admin = /Superadmin\s+(\S+)\s+password: (\S+)/.exec(output);
  const demo = /Demo manager\s+(\S+)\s+password: (\S+)/.exec(output);
  return {
    admin: admin ? { email: admin[1] as string, password: admin[2] as string } : null,
    demo: demo ? { email: demo[1] as string, password: demo[2] as string } : null,
  };
}
