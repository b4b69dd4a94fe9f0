import { afterAll, afterEach, describe, expect, it } from 'vitest';
import {
  alive,
  groupAlive,
  keepAliveClient,
  removeSpawnedDataDirs,
  STOP_DEADLINE_MS,
  spawnServer,
  statusesOf,
  until,
} from './processes.ts';

/**
 * `npm start` runs `node scripts/start.mjs`, which builds the web app when stale and runs the
 * server under it: a stop of the wrapper (a process manager's SIGTERM) or of its whole group
 * (Ctrl-C) ends the group and its PostgreSQL within 5 s, even while clients hold keep-alive
 * connections.
 */

const started: number[] = [];
afterEach(() => {
  // Whatever a failed test left running goes, so the machine is not littered.
  for (const pgid of started.splice(0)) {
    try {
      process.kill(-pgid, 'SIGKILL');
    } catch {}
  }
});
afterAll(removeSpawnedDataDirs);

async function startWrapper() {
  const s = await spawnServer(
    ['scripts/start.mjs'],
    { APP_SECRET: 'start-test-secret-start-test-secret-000' },
    { prefix: 'overlap-start-' },
  );
  const pgid = s.child.pid as number;
  started.push(pgid);
  // Start-up may build the web app first when its sources are newer than the build.
  await s.running(240_000);
  const postgresPid = s.postgresPid();
  if (postgresPid === null) throw new Error(`npm start left no postmaster.pid:\n${s.output()}`);
  return { ...s, ...keepAliveClient(s.port), pgid, postgresPid };
}

type Started = Awaited<ReturnType<typeof startWrapper>>;

/** Keep-alive connections a browser or a load balancer would hold open. */
const holdConnections = (s: Started) =>
  statusesOf(s.get, ['/', '/people/42', '/api/v1/nothing', '/auth/status', '/readyz', '/docs/']);

async function stoppedWithin(s: Started, send: () => void) {
  const sentAt = Date.now();
  send();
  const code = await Promise.race([
    s.exited,
    new Promise<'late'>((r) => setTimeout(() => r('late'), STOP_DEADLINE_MS)),
  ]);
  // The rest of the group (PostgreSQL run through `su` as root, until its parent reaps it) may end
  // just after the wrapper: it has what is left of the 5 s, and at least half a second.
  const left = Math.max(500, sentAt + STOP_DEADLINE_MS - Date.now());
  const groupGone = await until(() => !groupAlive(s.pgid), code === 'late' ? 0 : left);
  s.agent.destroy();
  return { code, groupGone, postgresGone: !alive(s.postgresPid), pidFileGone: !s.hasPidFile() };
}

describe('npm start', () => {
  it('SIGTERM to the wrapper alone (a process manager) ends the group and PostgreSQL within 5 s', async () => {
    const s = await startWrapper();
    expect((await holdConnections(s)).slice(2)).toEqual([404, 401, 200, 200]);
    const result = await stoppedWithin(s, () => process.kill(s.pgid, 'SIGTERM'));
    expect(result, await s.outputAfterExit()).toEqual({
      code: 0,
      groupGone: true,
      postgresGone: true,
      pidFileGone: true,
    });
  }, 300_000);

  it('SIGINT to the whole group (Ctrl-C) ends it and PostgreSQL within 5 s', async () => {
    const s = await startWrapper();
    expect((await holdConnections(s)).slice(2)).toEqual([404, 401, 200, 200]);
    const result = await stoppedWithin(s, () => process.kill(-s.pgid, 'SIGINT'));
    expect(result, await s.outputAfterExit()).toEqual({
      code: 0,
      groupGone: true,
      postgresGone: true,
      pidFileGone: true,
    });
    expect(await s.outputAfterExit()).toContain('Stopped.');
  }, 300_000);
});
