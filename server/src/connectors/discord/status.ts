import type { PresenceValue } from '../results.ts';

const MAP: Record<string, PresenceValue> = { online: 'online', idle: 'away', dnd: 'dnd', offline: 'offline' };

/** Gateway statuses onto ours: idle is away; invisible reaches bots as offline. */
export const discordStatusToPresence = (status: string | undefined): PresenceValue => MAP[status ?? ''] ?? 'offline';
