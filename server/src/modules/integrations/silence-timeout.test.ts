import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { client, useTestApp } from '../../../test/app.ts';
import { serviceByProvider } from '../../../test/factories/integrations.ts';
import { signedInManager } from '../../../test/factories.ts';
import { activityBlocks } from '../../db/schema/activity.ts';
import { integrations } from '../../db/schema/integrations.ts';

const t = useTestApp();

describe('the silence timeout set in Setup', () => {
  it('is saved into the config while stopped, checked, and removed with null', async () => {
    const m = await signedInManager(t.db, { plan: 'business' });
    const call = client(t.app, m.cookie);
    const custom = await serviceByProvider(t.db, 'custom');
    const id = (await call({ method: 'POST', url: '/api/v1/integrations', body: { serviceId: custom.id } })).json()
      .id as string;
    const url = `/api/v1/integrations/${id}`;
    const running = await call({ method: 'PATCH', url, body: { config: { silence_timeout_minutes: 20 } } });
    expect(running.statusCode).toBe(409);
    expect(running.json().message).toBe('Stop the integration before changing its configuration.');
    await call({ method: 'POST', url: `${url}/deactivate` });

    for (const bad of [0, 241, 2.5, '20']) {
      const refused = await call({ method: 'PATCH', url, body: { config: { silence_timeout_minutes: bad } } });
      expect(refused.statusCode).toBe(400);
      expect(refused.json().details).toEqual([
        { field: 'config.silence_timeout_minutes', message: 'must be a whole number of minutes from 1 to 240' },
      ]);
    }
    const [unchanged] = await t.db.select().from(integrations).where(eq(integrations.id, id));
    expect(unchanged?.config).toEqual({});

    const saved = await call({ method: 'PATCH', url, body: { config: { silence_timeout_minutes: 20 } } });
    expect(saved.statusCode).toBe(200);
    expect(saved.json().config).toEqual({ silence_timeout_minutes: 20 });
    const removed = await call({ method: 'PATCH', url, body: { config: { silence_timeout_minutes: null } } });
    expect(removed.json().config).toEqual({});
  });

  it('keeps pushed presence one block across silences shorter than it', async () => {
    const m = await signedInManager(t.db, { plan: 'business' });
    const call = client(t.app, m.cookie);
    const custom = await serviceByProvider(t.db, 'custom');
    const created = (
      await call({ method: 'POST', url: '/api/v1/integrations', body: { serviceId: custom.id } })
    ).json();
    const url = `/api/v1/integrations/${created.id}`;
    await call({ method: 'POST', url: `${url}/deactivate` });
    await call({ method: 'PATCH', url, body: { config: { silence_timeout_minutes: 40 } } });
    await call({ method: 'POST', url: `${url}/activate` });
    const key = (await call({ method: 'GET', url })).json().apiKey as string;
    // Reports 35 minutes apart, a silence the learned pace of a 5-minute source would end a block at.
    const base = Date.now() - 3 * 60 * 60_000;
    const times = [0, 5, 10, 45, 50].map((x) => new Date(base + x * 60_000).toISOString());
    for (const timestamp of times) {
      const pushed = await client(t.app)({
        method: 'POST',
        url: '/api/v1/presence',
        headers: { authorization: `Bearer ${key}` },
        body: { timestamp, source: 't', users: [{ personIdentifier: 'ada@team.test', status: 'online' }] },
      });
      expect(pushed.statusCode).toBe(200);
      await t.deps.presence.settled();
    }
    const blocks = await t.db
      .select({ start: activityBlocks.startTime, end: activityBlocks.endTime })
      .from(activityBlocks)
      .where(eq(activityBlocks.integrationId, created.id));
    expect(blocks.map((b) => [b.start.toISOString(), b.end?.toISOString()])).toEqual([
      [times[0], new Date(base + 55 * 60_000).toISOString()],
    ]);
  });
});
