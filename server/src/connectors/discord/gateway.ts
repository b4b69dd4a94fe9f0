import WebSocket from 'ws';
import { ConnectorError } from '../errors.ts';
import { FATAL_CLOSE_CODES, type GatewayPayload, NEW_SESSION_CLOSE_CODES, Op } from './gateway-protocol.ts';

export interface ShardOptions {
  /** wss://gateway.discord.gg from GET /gateway/bot. */
  url: string;
  token: string;
  intents: number;
  shard: [number, number];
  onDispatch(type: string, data: unknown): void;
  /** The shard stopped for good: a close code reconnecting cannot fix. */
  onFatal(error: ConnectorError): void;
  /** Reconnect waits grow from this (doubling) up to `maxBackoffMs`. */
  backoffMs?: number;
  maxBackoffMs?: number;
  /** Waits after an INVALID_SESSION before identifying again (Discord says 1 to 5 s). */
  invalidSessionWaitMs?: () => number;
}

function gatewayUrl(base: string): string {
  const url = new URL(base);
  url.searchParams.set('v', '10');
  url.searchParams.set('encoding', 'json');
  return url.toString();
}

/**
 * One Gateway shard: HELLO, IDENTIFY (or RESUME of the last session), heartbeats with ACK checking
 * (a missed ACK is a zombie connection: reconnect and resume), RECONNECT and INVALID_SESSION, and
 * reconnects with doubling backoff. Fatal close codes (4004, 4014...) stop it and say why.
 */
export class GatewayShard {
  private ws: WebSocket | null = null;
  private seq: number | null = null;
  private sessionId: string | null = null;
  private resumeUrl: string | null = null;
  private heartbeat: NodeJS.Timeout | null = null;
  private reconnectTimer: NodeJS.Timeout | null = null;
  private acked = true;
  private attempts = 0;
  private stopped = false;
  /** Counts, for the run log and tests. */
  readonly stats = { identifies: 0, resumes: 0, reconnects: 0 };

  constructor(private readonly options: ShardOptions) {}

  get ready(): boolean {
    return this.sessionId !== null && this.ws?.readyState === WebSocket.OPEN;
  }

  start(): void {
    this.stopped = false;
    this.open(this.options.url);
  }

  stop(): void {
    this.stopped = true;
    this.clearTimers();
    const ws = this.ws;
    this.ws = null;
    if (ws && ws.readyState !== WebSocket.CLOSED) ws.close(1000, 'stopping');
  }

  private clearTimers(): void {
    if (this.heartbeat) clearInterval(this.heartbeat);
    if (this.reconnectTimer) clearTimeout(this.reconnectTimer);
    this.heartbeat = null;
    this.reconnectTimer = null;
  }

  private open(url: string): void {
    const ws = new WebSocket(gatewayUrl(url));
    this.ws = ws;
    ws.on('message', (raw) => {
      if (this.ws !== ws) return;
      let payload: GatewayPayload;
      try {
        payload = JSON.parse(raw.toString()) as GatewayPayload;
      } catch {
        return;
      }
      this.handle(ws, payload);
    });
    ws.on('close', (code) => {
      if (this.ws !== ws) return;
      this.onClose(code);
    });
    ws.on('error', () => {
      // A failed connect or a broken socket also emits 'close', which decides what happens next.
    });
  }

  private send(ws: WebSocket, payload: GatewayPayload): void {
    if (ws.readyState === WebSocket.OPEN) ws.send(JSON.stringify(payload));
  }

  private handle(ws: WebSocket, payload: GatewayPayload): void {
    if (typeof payload.s === 'number') this.seq = payload.s;
    switch (payload.op) {
      case Op.Hello: {
        const interval = (payload.d as { heartbeat_interval?: number } | undefined)?.heartbeat_interval ?? 41_250;
        this.startHeartbeat(ws, interval);
        if (this.sessionId && this.seq !== null) {
          this.stats.resumes++;
          this.send(ws, { op: Op.Resume, d: { token: this.options.token, session_id: this.sessionId, seq: this.seq } });
        } else {
          this.stats.identifies++;
          this.send(ws, {
            op: Op.Identify,
            d: {
              token: this.options.token,
              intents: this.options.intents,
              shard: this.options.shard,
              properties: { os: process.platform, browser: 'overlap', device: 'overlap' },
            },
          });
        }
        return;
      }
      case Op.HeartbeatAck:
        this.acked = true;
        return;
      case Op.Heartbeat:
        this.send(ws, { op: Op.Heartbeat, d: this.seq });
        return;
      case Op.Reconnect:
        this.reconnect(4900);
        return;
      case Op.InvalidSession: {
        if (payload.d !== true) {
          this.sessionId = null;
          this.seq = null;
        }
        const wait = this.options.invalidSessionWaitMs?.() ?? 1000 + Math.random() * 4000;
        this.clearTimers();
        this.ws = null;
        ws.close(4901, 'invalid session');
        this.schedule(wait);
        return;
      }
      case Op.Dispatch: {
        if (payload.t === 'READY') {
          const d = payload.d as { session_id?: string; resume_gateway_url?: string };
          this.sessionId = d.session_id ?? null;
          this.resumeUrl = d.resume_gateway_url ?? null;
          this.attempts = 0;
        } else if (payload.t === 'RESUMED') {
          this.attempts = 0;
        }
        if (payload.t) this.options.onDispatch(payload.t, payload.d);
        return;
      }
    }
  }

  private startHeartbeat(ws: WebSocket, interval: number): void {
    if (this.heartbeat) clearInterval(this.heartbeat);
    this.acked = true;
    const beat = () => {
      if (!this.acked) {
        this.reconnect(4902);
        return;
      }
      this.acked = false;
      this.send(ws, { op: Op.Heartbeat, d: this.seq });
    };
    const first = setTimeout(() => {
      beat();
      if (this.ws === ws) this.heartbeat = setInterval(beat, interval);
    }, Math.random() * interval);
    this.heartbeat = first as unknown as NodeJS.Timeout;
  }

  /** Drops the connection (non-1000 code keeps the session resumable) and connects again. */
  private reconnect(code: number): void {
    const ws = this.ws;
    this.clearTimers();
    this.ws = null;
    if (ws) {
      if (ws.readyState === WebSocket.OPEN) ws.close(code, 'reconnecting');
      else ws.terminate();
    }
    this.schedule(0);
  }

  private onClose(code: number): void {
    this.clearTimers();
    this.ws = null;
    if (this.stopped) return;
    const fatal = FATAL_CLOSE_CODES[code];
    if (fatal) {
      this.stopped = true;
      this.options.onFatal(new ConnectorError('configuration', fatal, { status: code }));
      return;
    }
    if (NEW_SESSION_CLOSE_CODES.has(code)) {
      this.sessionId = null;
      this.seq = null;
    }
    const base = this.options.backoffMs ?? 1000;
    const max = this.options.maxBackoffMs ?? 60_000;
    const wait = Math.min(max, base * 2 ** this.attempts);
    this.attempts++;
    this.schedule(wait);
  }

  private schedule(waitMs: number): void {
    if (this.stopped) return;
    this.stats.reconnects++;
    this.reconnectTimer = setTimeout(() => {
      this.reconnectTimer = null;
      if (this.stopped) return;
      const resumable = this.sessionId !== null && this.resumeUrl !== null;
      this.open(resumable ? (this.resumeUrl as string) : this.options.url);
    }, waitMs);
  }
}
