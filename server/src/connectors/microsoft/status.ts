import type { PresenceValue } from '../results.ts';

const MEETING_ACTIVITIES = new Set(['InAMeeting', 'InACall', 'InAConferenceCall', 'Presenting']);

const BY_AVAILABILITY: Record<string, PresenceValue> = {
  Available: 'online',
  AvailableIdle: 'away',
  Away: 'away',
  BeRightBack: 'away',
  Busy: 'busy',
  BusyIdle: 'busy',
  DoNotDisturb: 'dnd',
  Offline: 'offline',
  PresenceUnknown: 'offline',
};

/**
 * Graph presence onto ours: a meeting, call or presentation is `meeting` whatever the availability;
 * Off work and Out of office are offline; then availability decides (idle reads as away).
 */
export function teamsPresenceToStatus(availability: string | undefined, activity: string | undefined): PresenceValue {
  if (activity && MEETING_ACTIVITIES.has(activity)) return 'meeting';
  if (activity === 'OffWork' || activity === 'OutOfOffice') return 'offline';
  if (activity === 'DoNotDisturb') return 'dnd';
  return BY_AVAILABILITY[availability ?? ''] ?? 'offline';
}
