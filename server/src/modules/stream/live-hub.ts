import pg from 'pg';
import { connectionConfig } from '../../db/client.ts';
import { LIVE_CHANNEL } from '../../lib/notify.ts';

export type LiveListener = (topic: string) => void;

/** Topic sent to every subscriber after the listening connection was re-established (changes may have been missed). */
export const RESYNC_TOPIC = 'resync';

const MAX_BACKOFF_MS = 30_000;

/** The hub of each running app (keyed by its deps), for health checks and tests. */
export const liveHubs = new WeakMap<object, LiveHub>();

/**
 * One dedicated PostgreSQL connection per server process that LISTENs on the live channel and fans
 * each `{accountId, topic}` notification out to that process's subscribers of the account. It connects
 * on the first subscription and reconnects with backoff while anyone is subscribed.
 */
export class LiveHub {
  private readonly listeners = new Map<string, Set<LiveListener>>();
  private client: pg.Client | null = null;
  private connecting: Promise<void> | null = null;
  private retryTimer: NodeJS.Timeout | null = null;
  private backoffMs = 500;
  private stopped = false;

  constructor(
    private readonly databaseUrl: string,
    private readonly log: (message: string, error?: unknown) => void = () => {},
  ) {}

  /** Registers `listener` for the account's changes; returns the unsubscribe function. */
  async subscribe(accountId: string, listener: LiveListener): Promise<() => void> {
    let set = this.listeners.get(accountId);
    if (!set) {
      set = new Set();
      this.listeners.set(accountId, set);
    }
    set.add(listener);
    await this.ensureConnected();
    return () => {
      const current = this.listeners.get(accountId);
      current?.delete(listener);
      if (current?.size === 0) this.listeners.delete(accountId);
    };
  }

  get subscriberCount(): number {
    let n = 0;
    for (const set of this.listeners.values()) n += set.size;
    return n;
  }

  get isListening(): boolean {
    return this.client !== null;
  }

  async stop(): Promise<void> {
    this.stopped = true;
    if (this.retryTimer) clearTimeout(this.retryTimer);
    this.listeners.clear();
    const client = this.client;
    this.client = null;
    await client?.end().catch(() => {});
  }

  private dispatch(payload: string | undefined): void {
    let message: { accountId?: unknown; topic?: unknown };
    try {
      message = JSON.parse(payload ?? '');
    } catch {
      return;
    }
    if (typeof message.accountId !== 'string' || typeof message.topic !== 'string') return;
    for (const listener of this.listeners.get(message.accountId) ?? []) listener(message.topic);
  }

  private broadcast(topic: string): void {
    for (const set of this.listeners.values()) for (const listener of set) listener(topic);
  }

  private ensureConnected(): Promise<void> {
    if (this.client || this.stopped) return Promise.resolve();
    this.connecting ??= this.connect().finally(() => {
      this.connecting = null;
    });
    return this.connecting;
  }

  private async connect(): Promise<void> {
    const client = new pg.Client(connectionConfig(this.databaseUrl));
    client.on('notification', (n) => {
      if (n.channel === LIVE_CHANNEL) this.dispatch(n.payload);
    });
    client.on('error', (error) => this.lost(client, error));
    client.on('end', () => this.lost(client));
    try {
      await client.connect();
      await client.query(`listen ${LIVE_CHANNEL}`);
    } catch (error) {
      client.removeAllListeners('end');
      await client.end().catch(() => {});
      this.log('live updates: could not listen', error);
      this.scheduleReconnect();
      return;
    }
    if (this.stopped) {
      await client.end().catch(() => {});
      return;
    }
    const wasReconnect = this.backoffMs > 500;
    this.client = client;
    this.backoffMs = 500;
    if (wasReconnect) this.broadcast(RESYNC_TOPIC);
  }

  private lost(client: pg.Client, error?: unknown): void {
    if (this.client !== client) return;
    this.client = null;
    client.removeAllListeners('end');
    client.end().catch(() => {});
    if (this.stopped) return;
    this.log('live updates: listening connection lost', error);
    this.scheduleReconnect();
  }

  private scheduleReconnect(): void {
    if (this.stopped || this.retryTimer || this.subscriberCount === 0) return;
    const delay = this.backoffMs;
    this.backoffMs = Math.min(MAX_BACKOFF_MS, this.backoffMs * 2);
    this.retryTimer = setTimeout(() => {
      this.retryTimer = null;
      void this.ensureConnected();
    }, delay);
    this.retryTimer.unref();
  }
}
