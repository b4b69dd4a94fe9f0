import { randomUUID } from 'node:crypto';

export const BATCH = 100;
export const STATUSES = ['online', 'online', 'online', 'meeting', 'dnd', 'away', 'offline'];

/**
 * Each key reports a team of `team` people (a multiple of 100), 100 per push, the whole team once
 * per simulated minute, starting 60 days ago (a replay: every block is already closed, so each
 * push moves a closed block's end). With BENCH_LIVE=1 every push is stamped with the current time
 * instead, as a live source would, so blocks stay ongoing (the statuses still change per
 * simulated minute).
 */
export function presenceBodies(keys: string[], team = BATCH, live = process.env.BENCH_LIVE === '1') {
  const start = Date.now() - 60 * 86_400_000;
  const slices = Math.max(1, Math.floor(team / BATCH));
  const pushes = keys.map(() => 0);
  let next = 0;
  return () => {
    const i = next++ % keys.length;
    const n = pushes[i] ?? 0;
    pushes[i] = n + 1;
    const tick = Math.floor(n / slices);
    const slice = n % slices;
    const users = Array.from({ length: BATCH }, (_, k) => slice * BATCH + k).map((u) => ({
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

export function eventBodies(keys: string[], team = BATCH) {
  let next = 0;
  return () => {
    const n = next++;
    const i = n % keys.length;
    const slice = Math.floor(n / keys.length) % Math.max(1, Math.floor(team / BATCH));
    const ts = new Date(Date.now() - 3_600_000).toISOString();
    const events = Array.from({ length: BATCH }, (_, e) => ({
      externalId: randomUUID(),
      kind: 'git_commit',
      timestamp: ts,
      title: 'Bench commit',
      personIdentifier: `team${i}-user${slice * BATCH + e}`,
    }));
    return { key: keys[i] as string, body: JSON.stringify({ timestamp: ts, source: 'bench', events }) };
  };
}
