/** Our presence values (001 §9); online, dnd, meeting and busy are active. */
export type PresenceValue = 'online' | 'away' | 'offline' | 'dnd' | 'meeting' | 'busy';

/** One member as the provider lists them. `personIdentifier` is the provider's stable user id. */
export interface ProviderPerson {
  personIdentifier: string;
  name: string | null;
  email: string | null;
  timezone: string | null;
}

/** One presence reading of one member, already mapped onto our values. */
export interface ProviderSample {
  personIdentifier: string;
  status: PresenceValue;
  at: Date;
}

/** A sweep that could not reach every member, said plainly in the run log. */
export interface PartialSweep {
  checked: number;
  total: number;
  reason: string;
}

/** What one poll of a presence provider returns, plus the state the next poll starts from. */
export interface PresenceSweep<State> {
  people: ProviderPerson[];
  presence: ProviderSample[];
  partial: PartialSweep | null;
  state: State;
}

/** Debug events a connector may add to the run log; the pipeline records them on the run. */
export type TraceEvent = 'api_call' | 'milestone' | 'person_lookup' | 'error';

export interface ConnectorTrace {
  debug(event: TraceEvent, details?: Record<string, unknown>, durationMs?: number): void;
}

export const silentTrace: ConnectorTrace = { debug() {} };

/** Time and waiting, replaceable in tests so a paced sweep needs no real minutes. */
export interface Clock {
  now(): number;
  sleep(ms: number): Promise<void>;
}

export const systemClock: Clock = {
  now: () => Date.now(),
  sleep: (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
};
