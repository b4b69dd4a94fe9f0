import type { PresenceSweep } from './results.ts';
import type { PollResult } from './types.ts';

/** A sweep as a poll's result: samples carrying each member's name, e-mail and timezone, and the next state. */
export function toPollResult(sweep: PresenceSweep<unknown>): PollResult {
  const people = new Map(sweep.people.map((p) => [p.personIdentifier, p]));
  return {
    presence: sweep.presence.map((sample) => {
      const person = people.get(sample.personIdentifier);
      return {
        personIdentifier: sample.personIdentifier,
        status: sample.status,
        at: sample.at,
        name: person?.name ?? null,
        email: person?.email ?? null,
        timezone: person?.timezone ?? null,
      };
    }),
    events: [],
    state: sweep.state,
    partial: sweep.partial,
  };
}
