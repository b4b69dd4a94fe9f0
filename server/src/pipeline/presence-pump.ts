import type { PresencePump } from '../core/context.ts';
import type { Db } from '../db/client.ts';
import { appliedSamples } from '../lib/metrics.ts';
import { drainEventInbox, eventInboxIsEmpty } from './event-inbox.ts';
import { drainPresenceInbox, inboxIsEmpty } from './presence-inbox.ts';

/** A round that leaves the presence inbox alone (only events were pushed since). */
const SKIPPED = { locked: true, applied: 0, accountIds: [] as string[], more: false };

/** When the inbox is held by another process, or a drain failed, try again after this long. */
const RETRY_MS = 100;
const FAILURE_RETRY_MS = 1_000;
/**
 * A kick waits this long before draining, so a round takes the pushes of its neighbours too:
 * fewer, larger rounds cost the database less per sample. It is what blocks lag behind the push.
 */
const LINGER_MS = 50;
/**
 * Under steady load (pushes arriving while a round runs) a round starts at most this long after the
 * one before it started: each round then carries more pushes per person, and the statements whose cost
 * follows the people of a round (blocks, rollups, identities) run less often. A full round still goes
 * on at once. Bounds how far blocks lag behind a push under load, with the round's own time.
 */
export const ROUND_GAP_MS = 1_000;
/**
 * How long a push waits, at most, for the round in progress when the engine is behind
 * (`keepUp`): enough to slow its source down to about what the engine applies, without making the
 * answer wait for a whole large round (the samples are committed before it waits).
 */
export const KEEP_UP_MAX_MS = 100;

export type { PresencePump };

/**
 * Applies the presence inbox (and then the event inbox) behind the push API. A kick starts a drain shortly (LINGER_MS) when
 * none is running; kicks that arrive during a drain make it go round once more, ROUND_GAP_MS after the
 * start of the round that ran, so under load each round applies everything that arrived since the one
 * before (rounds grow with the load, and the engine's statements are shared by all the pushes of a round). Only one process drains at a time;
 * the others retry shortly, and the minute job drains whatever a crashed process left behind.
 */
export function createPresencePump(options: {
  db: Db;
  notify: (accountId: string, topic: string) => Promise<void>;
  onError?: (err: unknown) => void;
  /** Samples applied per round (INBOX_BATCH); a full round means the engine is behind. */
  batch?: number;
  /** ROUND_GAP_MS. */
  roundGapMs?: number;
  /** KEEP_UP_MAX_MS. */
  keepUpMaxMs?: number;
}): PresencePump {
  const roundGapMs = options.roundGapMs ?? ROUND_GAP_MS;
  const keepUpMaxMs = options.keepUpMaxMs ?? KEEP_UP_MAX_MS;
  let running: Promise<void> | null = null;
  let again = false;
  let stopped = false;
  let timer: NodeJS.Timeout | null = null;
  let behind = false;
  let current: Promise<unknown> | null = null;
  // Whether the next round reads the presence inbox. Rounds kicked by events pushes alone skip it:
  // after heavy presence load its empty pages cost a read of the whole table until vacuumed (about
  // 25 ms a round). Rows another process added are applied by that process's pump, or by the minute
  // job's flush.
  let presenceDue = true;

  const later = (ms: number) => {
    if (stopped || timer) return;
    timer = setTimeout(() => {
      timer = null;
      drainNow();
    }, ms);
    timer.unref();
  };

  const drainPresence = async () => {
    presenceDue = false;
    const drain = drainPresenceInbox(options.db, undefined, options.batch);
    current = drain;
    try {
      const result = await drain;
      if (!result.locked || result.more) presenceDue = true;
      return result;
    } catch (err) {
      presenceDue = true;
      throw err;
    } finally {
      current = null;
    }
  };

  const round = async () => {
    for (;;) {
      const result = presenceDue ? await drainPresence() : SKIPPED;
      if (!result.locked) {
        behind = false;
        later(RETRY_MS);
        return;
      }
      behind = result.more;
      appliedSamples.inc(result.applied);
      for (const accountId of result.accountIds) await options.notify(accountId, 'presence').catch(() => {});
      // Pushed events: their blocks, rollups and identities, in the same lock's next transaction.
      const events = await drainEventInbox(options.db);
      if (!events.locked) later(RETRY_MS);
      for (const accountId of events.accountIds) await options.notify(accountId, 'events').catch(() => {});
      if (!result.more && !events.more) return;
    }
  };

  function kick(what: 'presence' | 'events' = 'presence'): void {
    if (what === 'presence') presenceDue = true;
    if (running) again = true;
    else later(LINGER_MS);
  }

  function drainNow(): void {
    if (stopped) return;
    if (running) {
      again = true;
      return;
    }
    if (timer) clearTimeout(timer);
    timer = null;
    again = false;
    const startedAt = performance.now();
    running = round()
      .catch((err) => {
        options.onError?.(err);
        later(FAILURE_RETRY_MS);
      })
      .finally(() => {
        running = null;
        if (again) later(Math.max(0, roundGapMs - (performance.now() - startedAt)));
      });
  }

  return {
    kick,
    async keepUp() {
      if (!behind || !current) return;
      let timer: NodeJS.Timeout | undefined;
      const bound = new Promise<void>((resolve) => {
        timer = setTimeout(resolve, keepUpMaxMs);
      });
      await Promise.race([current.catch(() => {}), bound]);
      clearTimeout(timer);
    },
    async flush() {
      presenceDue = true;
      drainNow();
      while (running) await running;
    },
    async settled() {
      for (;;) {
        if (stopped) throw new Error('the presence pump is stopped');
        presenceDue = true;
        drainNow();
        while (running) await running;
        if ((await inboxIsEmpty(options.db)) && (await eventInboxIsEmpty(options.db))) return;
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    },
    async stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      timer = null;
      while (running) await running;
    },
  };
}
