import { observedTimeProblem } from '@overlap/contract/ingest';
import type { PolledPresence, ProviderEvent } from '../connectors/types.ts';
import type { RunRecorder } from './run-recorder.ts';

export interface InRange {
  presence: PolledPresence[];
  events: ProviderEvent[];
  dropped: { samples: number; events: number };
}

/**
 * A connector's results without the samples and events observed before 2000-01-01 or more than
 * 5 minutes after `now`, as the push API refuses them; the run log counts what was dropped.
 */
export function keepObservedRange(
  result: { presence: PolledPresence[]; events: ProviderEvent[] },
  now: Date,
  run?: Pick<RunRecorder, 'debug'>,
): InRange {
  const ok = (at: Date) => observedTimeProblem(at.getTime(), now.getTime()) === undefined;
  const presence = result.presence.filter((p) => ok(p.at));
  const events = result.events.filter((e) => ok(e.timestamp));
  const dropped = { samples: result.presence.length - presence.length, events: result.events.length - events.length };
  if (dropped.samples > 0 || dropped.events > 0) {
    run?.debug('event_skipped', {
      reason: 'observed before 2000-01-01 or more than 5 minutes ahead',
      samples: dropped.samples,
      events: dropped.events,
    });
  }
  return { presence, events, dropped };
}
