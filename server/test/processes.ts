import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { Agent, request } from 'node:http';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { freePort, postmasterPid } from '../src/db/embedded.ts';

/** Real server processes for the start and stop tests: spawned in a group of their own, watched, called over HTTP. */

export const root = resolve(import.meta.dirname, '../..');
export const STOP_DEADLINE_MS = 5_000;

export function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

export const groupAlive = (pgid: number) => alive(-pgid);

export async function until(check: () => boolean, ms: number): Promise<boolean> {
  const end = Date.now() + ms;
  while (Date.now() < end) {
    if (check()) return true;
    await new Promise((r) => setTimeout(r, 50));
  }
  return check();
}

/** The data directories spawnServer created. */
const createdDataDirs: string[] = [];

/**
 * Removes the data directories spawnServer created (each holds a PostgreSQL of 50-80 MB): call once
 * the file's servers are stopped.
 */
export function removeSpawnedDataDirs(): void {
  for (const dir of createdDataDirs.splice(0)) rmSync(dir, { recursive: true, force: true, maxRetries: 3 });
}

/**
 * Runs `node <args>` from the repository root, detached, on a free port, with a fresh data directory
 * named by `dataDir.prefix`, or an existing one (`dataDir.path`: a restart on the same database).
 */
export async function spawnServer(
  args: string[],
  env: Record<string, string>,
  data: { prefix: string } | { path: string },
) {
  const dataDir = 'path' in data ? data.path : mkdtempSync(join(tmpdir(), data.prefix));
  if (!('path' in data)) createdDataDirs.push(dataDir);
  const port = await freePort();
  const child = spawn(process.execPath, args, {
    cwd: root,
    detached: true,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      PUBLIC_URL: `http://localhost:${port}`,
      LOG_LEVEL: 'silent',
      DATABASE_URL: '',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (d) => {
    output += String(d);
  });
  child.stderr?.on('data', (d) => {
    output += String(d);
  });
  const exited = new Promise<number | null>((r) => child.on('exit', (code) => r(code)));
  // 'exit' can come before the last lines written to the pipes have been read: read until they close.
  const streamsClosed = Promise.all([child.stdout, child.stderr].map((s) => new Promise((r) => s?.once('close', r))));
  const outputAfterExit = async () => {
    await Promise.race([streamsClosed, new Promise((r) => setTimeout(r, 2_000))]);
    return output;
  };
  const postgresDir = join(dataDir, 'postgres');
  const pidFile = join(postgresDir, 'postmaster.pid');
  const postgresPid = () => postmasterPid(postgresDir);
  /** Resolves once the server says it is running; throws its output if it exits or takes longer than `ms`. */
  const running = async (ms: number) => {
    const up = await until(() => output.includes('Overlap is running at') || child.exitCode !== null, ms);
    if (!up || child.exitCode !== null) throw new Error(`the server did not come up:\n${output}`);
  };
  /** The server's embedded PostgreSQL, as a client connects to it (its port is postmaster.pid's fourth line). */
  const databaseUrl = () =>
    `postgres://overlap:overlap@127.0.0.1:${readFileSync(pidFile, 'utf8').split('\n')[3]?.trim()}/overlap`;
  return {
    child,
    port,
    url: `http://127.0.0.1:${port}`,
    dataDir,
    running,
    databaseUrl,
    exited,
    postgresPid,
    hasPidFile: () => existsSync(pidFile),
    output: () => output,
    outputAfterExit,
  };
}

/** GETs over keep-alive connections, as a browser or a load balancer holds them open. */
export function keepAliveClient(port: number) {
  const agent = new Agent({ keepAlive: true, maxSockets: 2 });
  const get = (path: string) =>
    new Promise<number>((resolveStatus, reject) => {
      const req = request({ host: '127.0.0.1', port, path, agent }, (res) => {
        res.resume();
        res.on('end', () => resolveStatus(res.statusCode ?? 0));
      });
      req.on('error', reject);
      req.end();
    });
  return { agent, get };
}

/** The status of each path, asked one after another over the same keep-alive client. */
export async function statusesOf(get: (path: string) => Promise<number>, paths: string[]): Promise<number[]> {
  const statuses: number[] = [];
  for (const path of paths) statuses.push(await get(path));
  return statuses;
}
