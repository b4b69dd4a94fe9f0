import type { PresenceValue } from '../results.ts';

const MAP: Record<string, PresenceValue> = { online: 'online', away: 'away', dnd: 'dnd', offline: 'offline' };

/** Mattermost statuses are ours already; anything unknown reads as offline. */
export const mattermostStatusToPresence = (status: string | undefined): PresenceValue => MAP[status ?? ''] ?? 'offline';
