import { z } from 'zod';

export { STREAM_PATH } from './paths.ts';
/** Seconds between keep-alive comments on the event stream. */
export const STREAM_HEARTBEAT_SECONDS = 25;
/** The SSE `event:` name of a change message. */
export const LIVE_EVENT = 'change';
/** The SSE `event:` name sent once when the stream is open. */
export const READY_EVENT = 'ready';

/**
 * What changed in the account: 'presence' (people online/offline, blocks), 'blocks' (a block was
 * edited or deleted), 'events', 'people' (a person was revived, merged, ignored or edited)...
 * Clients refetch the affected data; nothing else is carried.
 */
export const liveMessage = z.object({
  topic: z.string(),
  at: z.string().describe('ISO 8601 time the server relayed the change'),
});
export type LiveMessage = z.infer<typeof liveMessage>;
