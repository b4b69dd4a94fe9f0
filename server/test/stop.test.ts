import type { ChildProcess } from 'node:child_process';
import { afterAll, describe, expect, it } from 'vitest';
import {
  alive,
  keepAliveClient,
  removeSpawnedDataDirs,
  STOP_DEADLINE_MS,
  spawnServer,
  statusesOf,
  until,
} from './processes.ts';

/**
 * The server stops on SIGTERM and SIGINT within 5 s at any moment — during the first start's
 * demo backfill, and while a client holds keep-alive connections — and leaves no PostgreSQL behind.
 */

afterAll(removeSpawnedDataDirs);

const start = () =>
  spawnServer(
    ['--import', 'tsx', 'server/src/main.ts'],
    { NODE_ENV: 'production', APP_SECRET: 'stop-test-secret-stop-test-secret-0000' },
    { prefix: 'overlap-stop-' },
  );

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
    // PostgreSQL is up and start-up (migrations, seed, the demo backfill) is under way: on a fast
    // machine all of it takes under 1.5 s, so the signal goes soon after PostgreSQL is up.
    const postmasterUp = () => {
      const pid = s.postgresPid();
      return pid !== null && alive(pid);
    };
    expect(await until(postmasterUp, 60_000)).toBe(true);
    await new Promise((r) => setTimeout(r, 200));
    expect(s.output()).not.toContain('Overlap is running at');
    const pg = s.postgresPid() as number;
    const { code, pgGone } = await stopWithin(s.child, 'SIGTERM', s.exited, pg);
    expect({ code, pgGone }, await s.outputAfterExit()).toEqual({ code: 0, pgGone: true });
    expect(await s.outputAfterExit()).toContain('SIGTERM received, stopping Overlap...');
  }, 120_000);

  it('SIGINT while a client holds keep-alive connections stops it and PostgreSQL within 5 s', async () => {
    const s = await start();
    expect(await until(() => s.output().includes('Overlap is running at'), 90_000)).toBe(true);
    const { agent, get } = keepAliveClient(s.port);
    const statuses = await statusesOf(get, [
      '/',
      '/people/42',
      '/api/v1/nothing',
      '/auth/status',
      '/api/v1/profile/system-info',
      '/readyz',
      '/metrics',
      '/docs/',
    ]);
    expect(statuses.slice(2)).toEqual([404, 401, 401, 200, 200, 200]);
    const pg = s.postgresPid() as number;
    const { code, pgGone } = await stopWithin(s.child, 'SIGINT', s.exited, pg);
    agent.destroy();
    expect({ code, pgGone }, await s.outputAfterExit()).toEqual({ code: 0, pgGone: true });
    expect(await s.outputAfterExit()).toContain('Stopped.');
  }, 150_000);
});
