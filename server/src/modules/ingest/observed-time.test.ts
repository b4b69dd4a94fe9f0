import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { client, createTestApp, type TestApp } from '../../../test/app.ts';
import { bearer, createPushIntegration } from '../../../test/factories/integrations.ts';
import { createAccount } from '../../../test/factories.ts';
import { activityEvents } from '../../db/schema/activity.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t?.close());

async function setup() {
  const account = await createAccount(t.db);
  const { integration, apiKey } = await createPushIntegration(t.deps, account.id);
  const pushEvents = (events: object[], timestamp = new Date().toISOString()) =>
    client(t.app)({
      method: 'POST',
      url: '/api/v1/events',
      headers: bearer(apiKey),
      body: { timestamp, source: 'ci', events },
    });
  const pushPresence = (timestamp: string) =>
    client(t.app)({
      method: 'POST',
      url: '/api/v1/presence',
      headers: bearer(apiKey),
      body: { timestamp, source: 'bridge', users: [{ personIdentifier: 'u-1', status: 'online' }] },
    });
  const stored = () =>
    t.db
      .select({ occurredAt: activityEvents.timestamp, url: activityEvents.url })
      .from(activityEvents)
      .where(eq(activityEvents.integrationId, integration.id));
  return { pushEvents, pushPresence, stored };
}

const event = (override: object) => ({
  externalId: `e-${Math.random()}`,
  kind: 'deploy',
  timestamp: new Date().toISOString(),
  personIdentifier: 'u-1',
  ...override,
});

describe('observed times: from 2000-01-01 to 5 minutes ahead', () => {
  it.each([
    ['1969-12-31T23:59:59Z', 'must not be before 2000-01-01'],
    ['0001-01-01T00:00:00Z', 'must not be before 2000-01-01'],
    ['1999-12-31T23:59:59.999Z', 'must not be before 2000-01-01'],
  ])('a presence timestamp of %s is refused naming timestamp', async (timestamp, message) => {
    const { pushPresence } = await setup();
    const res = await pushPresence(timestamp);
    expect(res.statusCode).toBe(400);
    expect(res.json().details).toEqual([{ field: 'timestamp', message }]);
  });

  it('an event timestamp before 2000 or 6 minutes ahead is refused naming the event, and nothing is stored', async () => {
    const { pushEvents, stored } = await setup();
    const old = await pushEvents([event({ timestamp: '0001-06-01T00:00:00Z' })]);
    expect(old.statusCode).toBe(400);
    expect(old.json().details).toEqual([{ field: 'events.0.timestamp', message: 'must not be before 2000-01-01' }]);
    const ahead = await pushEvents([event({}), event({ timestamp: new Date(Date.now() + 6 * 60_000).toISOString() })]);
    expect(ahead.statusCode).toBe(400);
    expect(ahead.json().details).toEqual([
      { field: 'events.1.timestamp', message: 'must not be more than 5 minutes in the future' },
    ]);
    expect(await stored()).toEqual([]);
  });

  it('the first accepted instant and a time 4 minutes ahead round-trip exactly', async () => {
    const { pushEvents, stored } = await setup();
    const ahead = new Date(Date.now() + 4 * 60_000);
    const res = await pushEvents([
      event({ timestamp: '2000-01-01T00:00:00.000Z' }),
      event({ timestamp: '2003-04-05T06:07:08.123+02:00' }),
      event({ timestamp: ahead.toISOString() }),
    ]);
    expect(res.statusCode).toBe(200);
    const times = (await stored()).map((r) => r.occurredAt.toISOString()).sort();
    expect(times).toEqual(['2000-01-01T00:00:00.000Z', '2003-04-05T04:07:08.123Z', ahead.toISOString()]);
  });
});

describe('event URLs: http and https only', () => {
  it.each([
    'javascript:alert(1)',
    'data:text/html,<script>alert(1)</script>',
    'ftp://files.example.com/x',
    'vbscript:msgbox(1)',
  ])('%s is refused naming the field', async (url) => {
    const { pushEvents, stored } = await setup();
    const res = await pushEvents([event({ url })]);
    expect(res.statusCode).toBe(400);
    expect(res.json().details).toEqual([{ field: 'events.0.url', message: 'must be an http or https URL' }]);
    expect(await stored()).toEqual([]);
  });

  it('http and https URLs are stored as sent', async () => {
    const { pushEvents, stored } = await setup();
    const res = await pushEvents([
      event({ url: 'https://git.example.com/acme/app/commit/9f2c1e7' }),
      event({ url: 'http://ci.example.com/build/7' }),
    ]);
    expect(res.statusCode).toBe(200);
    expect((await stored()).map((r) => r.url).sort()).toEqual([
      'http://ci.example.com/build/7',
      'https://git.example.com/acme/app/commit/9f2c1e7',
    ]);
  });
});
