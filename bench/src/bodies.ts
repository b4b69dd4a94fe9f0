import { randomUUID } from 'node:crypto';

export const BATCH = 100;
export const STATUSES = ['online', 'online', 'online', 'meeting', 'dnd', 'away', 'offline'];

/**
 * Each integration reports a team of 100 people once per simulated minute, starting 60 days ago
 * (a replay: every block is already closed, so each push moves a closed block's end). With
 * BENCH_LIVE=1 every push is stamped with the current time instead, as a live source would, so
 * blocks stay ongoing (the statuses still change per simulated minute).
 */
export function presenceBodies(keys: string[], live = process.env.BENCH_LIVE === '1') {
  const start = Date.now() - 60 * 86_400_000;
  const ticks = keys.map(() => 0);
  let next = 0;
  return () => {
    const i = next++ % keys.length;
    const tick = ticks[i] ?? 0;
    ticks[i] = tick + 1;
    const users = Array.from({ length: BATCH }, (_, u) => ({
      personIdentifier: `team${i}-user${u}`,
      status: STATUSES[(u * 7 + Math.floor(tick / (5 + (u % 11)))) % STATUSES.length],
      timezone: 'Europe/Berlin',
    }));
    return {
      key: keys[i] as string,
      body: JSON.stringify({
        timestamp: new Date(live ? Date.now() : start + tick * 60_000).toISOString(),
        source: 'bench',
        users,
      }),
    };
  };
}

export function eventBodies(keys: string[]) {
  let next = 0;
  return () => {
    const i = next++ % keys.length;
    const ts = new Date(Date.now() - 3_600_000).toISOString();
    const events = Array.from({ length: BATCH }, (_, e) => ({
      externalId: randomUUID(),
      kind: 'git_commit',
      timestamp: ts,
      title: 'Bench commit',
      personIdentifier: `team${i}-user${e}`,
    }));
    return { key: keys[i] as string, body: JSON.stringify({ timestamp: ts, source: 'bench', events }) };
  };
}
