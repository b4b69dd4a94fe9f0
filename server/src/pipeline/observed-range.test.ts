import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { createIntegration } from '../../test/factories/engine.ts';
import { createAccount } from '../../test/factories.ts';
import { registerConnector } from '../connectors/registry.ts';
import type { PolledPresence, ProviderEvent } from '../connectors/types.ts';
import { keepObservedRange } from './observed-range.ts';
import { runIntegrationPoll } from './run-poll.ts';

const NOW = new Date(Date.UTC(2025, 5, 18, 10, 0));
const MIN = 60_000;
const at = (ms: number) => new Date(ms);
const sample = (who: string, ms: number): PolledPresence => ({ personIdentifier: who, status: 'online', at: at(ms) });
const event = (id: string, ms: number): ProviderEvent => ({
  externalId: id,
  kind: 'commit',
  timestamp: at(ms),
  personIdentifier: 'dev-1',
});

const TOO_OLD = Date.UTC(1999, 11, 31, 23, 59, 59);
const FIRST_OK = Date.UTC(2000, 0, 1);
const LAST_OK = NOW.getTime() + 5 * MIN;
const TOO_NEW = LAST_OK + 1;

describe('keepObservedRange', () => {
  it('keeps 2000-01-01 to 5 minutes after now, both ends included, and counts the rest in the run', () => {
    const logged: [string, Record<string, unknown> | undefined][] = [];
    const kept = keepObservedRange(
      {
        presence: [sample('a', TOO_OLD), sample('a', FIRST_OK), sample('a', LAST_OK), sample('a', TOO_NEW)],
        events: [event('old', TOO_OLD), event('ok', NOW.getTime()), event('new', TOO_NEW)],
      },
      NOW,
      { debug: (kind, details) => void logged.push([kind, details]) },
    );
    expect(kept.presence.map((p) => p.at.getTime())).toEqual([FIRST_OK, LAST_OK]);
    expect(kept.events.map((e) => e.externalId)).toEqual(['ok']);
    expect(kept.dropped).toEqual({ samples: 2, events: 2 });
    expect(logged).toEqual([
      ['event_skipped', { reason: 'observed before 2000-01-01 or more than 5 minutes ahead', samples: 2, events: 2 }],
    ]);
  });

  it('logs nothing when everything is in range', () => {
    const logged: string[] = [];
    const kept = keepObservedRange({ presence: [sample('a', FIRST_OK)], events: [] }, NOW, {
      debug: (kind) => void logged.push(kind),
    });
    expect(kept.dropped).toEqual({ samples: 0, events: 0 });
    expect(logged).toEqual([]);
  });
});

describe('a connector poll with times out of range', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  it('stores only what was observed in range and records the dropped ones on a successful run', async () => {
    onTestFinished(
      registerConnector({
        provider: 'gitlab',
        async poll() {
          return {
            presence: [sample('dev-1', TOO_OLD), sample('dev-1', NOW.getTime() - 10 * MIN), sample('dev-2', TOO_NEW)],
            events: [
              event('e-old', Date.UTC(1970, 0, 1)),
              event('e-ok', NOW.getTime() - 5 * MIN),
              event('e-new', NOW.getTime() + 6 * MIN),
            ],
          };
        },
      }),
    );
    const account = await createAccount(t.db, { plan: 'business' });
    const gitlab = await createIntegration(t.db, account.id, { provider: 'gitlab' });
    const outcome = await runIntegrationPoll(t.deps, gitlab.id, NOW);
    expect(outcome).toMatchObject({ status: 'success', peopleFound: 1, eventsCreated: 1 });
    if (outcome.status !== 'success') throw new Error('the poll failed');

    const samples = await t.db.execute<{ at: Date }>(
      sql`select s.at from presence_samples s join person_integrations pi on pi.id = s.person_integration_id
            where pi.integration_id = ${gitlab.id} order by s.at`,
    );
    expect(samples.rows.map((r) => new Date(r.at).getTime())).toEqual([NOW.getTime() - 10 * MIN]);
    const events = await t.db.execute<{ external_id: string }>(
      sql`select external_id from activity_events where integration_id = ${gitlab.id} order by external_id`,
    );
    expect(events.rows.map((r) => r.external_id)).toEqual(['e-ok']);
    const people = await t.db.execute<{ n: number }>(
      sql`select count(*)::int as n from person_integrations pi
            join people p on p.id = pi.person_id where p.account_id = ${account.id}`,
    );
    expect(people.rows[0]?.n).toBe(1);
    const skipped = await t.db.execute<{ details: Record<string, unknown> }>(
      sql`select e.details from integration_run_events e where e.run_id = ${outcome.runId} and e.event = 'event_skipped'`,
    );
    expect(skipped.rows.map((r) => r.details)).toEqual([
      { reason: 'observed before 2000-01-01 or more than 5 minutes ahead', samples: 2, events: 2 },
    ]);
  });
});
