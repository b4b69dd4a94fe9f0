import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { Agent, request } from 'node:http';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { freePort } from '../src/db/embedded.ts';

/**
 * The server stops on SIGTERM and SIGINT within 5 s at any moment — during the first start's
 * demo backfill, and while a client holds keep-alive connections — and leaves no PostgreSQL behind.
 */

const root = resolve(import.meta.dirname, '../..');
const STOP_DEADLINE_MS = 5_000;

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

async function until(check: () => boolean, ms: number): Promise<boolean> {
  const end = Date.now() + ms;
  while (Date.now() < end) {
    if (check()) return true;
    await new Promise((r) => setTimeout(r, 50));
  }
  return check();
}

async function start() {
  const dataDir = mkdtempSync(join(tmpdir(), 'overlap-stop-'));
  const port = await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/src/main.ts'], {
    cwd: root,
    detached: true,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      PUBLIC_URL: `http://localhost:${port}`,
      APP_SECRET: 'stop-test-secret-stop-test-secret-0000',
      LOG_LEVEL: 'silent',
      DATABASE_URL: '',
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
  const postgresPid = () => {
    const file = join(dataDir, 'postgres', 'postmaster.pid');
    return existsSync(file) ? Number.parseInt(readFileSync(file, 'utf8').split('\n')[0] ?? '', 10) : null;
  };
  return { child, port, dataDir, exited, postgresPid, output: () => output };
}

/** Signals the process group and waits at most 5 s for the server and its PostgreSQL to be gone. */
async function stopWithin(child: ChildProcess, signal: NodeJS.Signals, exited: Promise<number | null>, pg: number) {
  process.kill(-(child.pid as number), signal);
  const code = await Promise.race([exited, new Promise<'late'>((r) => setTimeout(() => r('late'), STOP_DEADLINE_MS))]);
  const pgGone = await until(() => !alive(pg), 500);
  if (code === 'late' || !pgGone) {
    // Clean up whatever is left so the machine is not littered, then fail.
    try {
      process.kill(-(child.pid as number), 'SIGKILL');
    } catch {}
    try {
      process.kill(pg, 'SIGQUIT');
    } catch {}
  }
  return { code, pgGone };
}

describe('stopping the server', () => {
  it('SIGTERM during the first start (demo backfill) stops it and PostgreSQL within 5 s', async () => {
    const s = await start();
    // PostgreSQL is up and start-up (migrations, seed, the demo backfill) is under way.
    expect(await until(() => s.postgresPid() !== null && alive(s.postgresPid() as number), 60_000)).toBe(true);
    await new Promise((r) => setTimeout(r, 1_500));
    expect(s.output()).not.toContain('Overlap is running at');
    const pg = s.postgresPid() as number;
    const { code, pgGone } = await stopWithin(s.child, 'SIGTERM', s.exited, pg);
    expect({ code, pgGone }).toEqual({ code: 0, pgGone: true });
    expect(s.output()).toContain('SIGTERM received, stopping Overlap...');
  }, 120_000);

  it('SIGINT while a client holds keep-alive connections stops it and PostgreSQL within 5 s', async () => {
    const s = await start();
    expect(await until(() => s.output().includes('Overlap is running at'), 90_000)).toBe(true);
    const agent = new Agent({ keepAlive: true, maxSockets: 2 });
    const get = (path: string) =>
      new Promise<number>((resolveStatus, reject) => {
        const req = request({ host: '127.0.0.1', port: s.port, path, agent }, (res) => {
          res.resume();
          res.on('end', () => resolveStatus(res.statusCode ?? 0));
        });
        req.on('error', reject);
        req.end();
      });
    const statuses: number[] = [];
    for (const path of [
      '/',
      '/people/42',
      '/api/v1/nothing',
      '/auth/status',
      '/api/v1/profile/system-info',
      '/readyz',
      '/metrics',
      '/docs/',
    ]) {
      statuses.push(await get(path));
    }
    expect(statuses.slice(2)).toEqual([404, 401, 401, 200, 200, 200]);
    const pg = s.postgresPid() as number;
    const { code, pgGone } = await stopWithin(s.child, 'SIGINT', s.exited, pg);
    agent.destroy();
    expect({ code, pgGone }).toEqual({ code: 0, pgGone: true });
    expect(s.output()).toContain('Stopped.');
  }, 150_000);
});
