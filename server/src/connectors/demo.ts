import { generateEvents, statusAt } from '../modules/demo/generator.ts';
import { DEMO_TEAM } from '../modules/demo/team.ts';
import type { Connector, ConnectorContext, PollResult } from './types.ts';

export const DEFAULT_DEMO_SEED = 42;

/** The generator seed of a demo integration (config.seed, else the default). */
export function demoSeedOf(config: Record<string, unknown>): number {
  const seed = config.seed;
  return typeof seed === 'number' && Number.isInteger(seed) ? seed : DEFAULT_DEMO_SEED;
}

/** The Demo Data source: reports the fictional team's presence at `now` and the events since the last run. */
export const demoConnector: Connector = {
  provider: 'demo',
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
    const events = generateEvents(seed, ctx.since.getTime(), now).map((e) => ({
      externalId: e.externalId,
      kind: e.kind,
      timestamp: new Date(e.timestamp),
      title: e.title,
      url: e.url,
      personIdentifier: e.key,
      metadata: e.metadata,
    }));
    ctx.run.debug('api_call', { source: 'demo generator', people: presence.length, events: events.length });
    return { presence, events };
  },
};
