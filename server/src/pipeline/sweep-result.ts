import type { PresenceSweep } from '../connectors/results.ts';
import type { PollResult } from '../connectors/types.ts';

/** A connector's sweep as samples for the engine, each carrying the member's name, e-mail and timezone. */
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
  };
}
