import type { ServerResponse } from 'node:http';
import { LIVE_EVENT, READY_EVENT, STREAM_HEARTBEAT_SECONDS, STREAM_PATH } from '@overlap/contract/stream';
import type { AreaPlugin } from '../area.ts';
import { ctxOf } from '../area.ts';
import { LiveHub, liveHubs } from './live-hub.ts';

/** Writes one server-sent event. */
function sendEvent(out: ServerResponse, event: string, data: unknown): void {
  out.write(`event: ${event}\ndata: ${JSON.stringify(data)}\n\n`);
}

const streamRoutes: AreaPlugin = async (app, { deps }) => {
  const hub = new LiveHub(deps.database.url, (message, error) => app.log.warn({ err: error }, message));
  liveHubs.set(deps, hub);
  const open = new Set<ServerResponse>();

  // Open streams never go idle: end them first, so closing the server does not wait on them.
  app.addHook('preClose', async () => {
    for (const out of open) out.end();
    open.clear();
    await hub.stop();
  });

  app.get(
    STREAM_PATH,
    {
      schema: {
        tags: ['activities'],
        summary: 'Live updates (server-sent events) for the signed-in account',
        description: `A text/event-stream. \`event: ${READY_EVENT}\` once, then \`event: ${LIVE_EVENT}\` with data {topic, at} whenever presence, blocks or people change in the account (from any server process). A comment line every ${STREAM_HEARTBEAT_SECONDS} s keeps the connection open. After a reconnection of the server's listener the topic is 'resync'.`,
      },
    },
    async (request, reply) => {
      const ctx = ctxOf(deps, request);
      const out = reply.raw;
      let closed = false;
      let unsubscribe: () => void = () => {};
      let heartbeat: NodeJS.Timeout | undefined;
      const cleanup = () => {
        if (closed) return;
        closed = true;
        clearInterval(heartbeat);
        unsubscribe();
        open.delete(out);
      };
      request.raw.on('close', cleanup);
      out.on('close', cleanup);

      unsubscribe = await hub.subscribe(ctx.accountId, (topic) => {
        if (!closed) sendEvent(out, LIVE_EVENT, { topic, at: new Date().toISOString() });
      });
      if (closed) {
        unsubscribe();
        return reply;
      }
      reply.hijack();
      out.writeHead(200, {
        'content-type': 'text/event-stream; charset=utf-8',
        'cache-control': 'no-cache, no-store',
        connection: 'keep-alive',
        'x-accel-buffering': 'no',
        'x-content-type-options': 'nosniff',
      });
      out.write(`retry: 5000\n\n`);
      sendEvent(out, READY_EVENT, { topic: READY_EVENT, at: new Date().toISOString() });
      open.add(out);
      heartbeat = setInterval(() => out.write(': heartbeat\n\n'), STREAM_HEARTBEAT_SECONDS * 1000);
      heartbeat.unref();
      return reply;
    },
  );
};
export default streamRoutes;
