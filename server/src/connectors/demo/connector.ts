import type { Connector, ConnectorContext, HistoryResult, PollResult, ProviderEvent } from '../types.ts';
import { type DemoEvent, generateEvents, generatePresence, statusAt } from './generator.ts';
import { DEMO_TEAM } from './team.ts';

export const DEFAULT_DEMO_SEED = 42;
/** Days of history the first run of a Demo Data integration backfills. */
export const DEMO_BACKFILL_DAYS = 90;

/** The generator seed of a demo integration (config.seed, else the default). */
export function demoSeedOf(config: Record<string, unknown>): number {
  const seed = config.seed;
  return typeof seed === 'number' && Number.isInteger(seed) ? seed : DEFAULT_DEMO_SEED;
}

const byKey = new Map(DEMO_TEAM.map((m) => [m.key, m]));

function eventOf(e: DemoEvent): ProviderEvent {
  return {
    externalId: e.externalId,
    kind: e.kind,
    timestamp: new Date(e.timestamp),
    title: e.title,
    url: e.url,
    personIdentifier: e.key,
    metadata: e.metadata,
  };
}

/**
 * The Demo Data source: reports the fictional team's presence at `now` and the events since the
 * last run; its first run reports DEMO_BACKFILL_DAYS of history.
 */
export const demoConnector: Connector = {
  provider: 'demo',
  historyDays: DEMO_BACKFILL_DAYS,
  async poll(ctx: ConnectorContext): Promise<PollResult> {
    const seed = demoSeedOf(ctx.integration.config);
    const now = ctx.now.getTime();
    const presence = DEMO_TEAM.map((member, index) => ({
      personIdentifier: member.key,
      status: statusAt(member, index, now, seed),
      at: ctx.now,
      name: member.name,
      email: member.email,
      timezone: member.timezone,
    }));
    const events = generateEvents(seed, ctx.since.getTime(), now).map(eventOf);
    ctx.run.debug('api_call', { source: 'demo generator', people: presence.length, events: events.length });
    return { presence, events };
  },
  async history(ctx: ConnectorContext): Promise<HistoryResult> {
    const seed = demoSeedOf(ctx.integration.config);
    const from = ctx.since.getTime();
    const to = ctx.now.getTime();
    const presence = generatePresence(seed, from, to, ctx.stepMinutes).map((s) => {
      const member = byKey.get(s.key);
      return {
        personIdentifier: s.key,
        status: s.status,
        at: new Date(s.at),
        name: member?.name,
        email: member?.email,
        timezone: member?.timezone,
      };
    });
    presence.sort((a, b) => a.at.getTime() - b.at.getTime());
    const events = generateEvents(seed, from, to).map(eventOf);
    return { presence, events, people: DEMO_TEAM.length };
  },
};
