import type { PresenceValue } from '../results.ts';

/** users.getPresence answers `active` or `away`; anything else is read as away. */
export function slackPresenceToStatus(presence: string | undefined): PresenceValue {
  return presence === 'active' ? 'online' : 'away';
}
