import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { client, useTestApp } from '../../test/app.ts';
import { createIntegration } from '../../test/factories/activity.ts';
import { signedInManager } from '../../test/factories.ts';
import { integrations } from '../db/schema/integrations.ts';
import { saveGrant } from './integration-grant.ts';

const t = useTestApp();

const lastConnectedAt = async (id: string) =>
  (await t.db.select({ at: integrations.lastConnectedAt }).from(integrations).where(eq(integrations.id, id)))[0]?.at;

describe('saving an OAuth grant', () => {
  it("activates the integration when it connects, before its first poll, so onboarding's plan step opens", async () => {
    const m = await signedInManager(t.db, { onboardingCompleted: false });
    const call = client(t.app, m.cookie);
    const slack = await createIntegration(t.db, m.account.id, { provider: 'slack' });
    const activated = async () =>
      (await call({ method: 'GET', url: '/api/v1/onboarding/state' }))
        .json()
        .account.integrations.map((i: { id: string; isActivated: boolean }) => [i.id, i.isActivated]);
    expect(await activated()).toEqual([[slack.id, false]]);

    // A token refresh during a poll is no connection.
    await saveGrant(t.db, t.deps.secrets, slack.id, { access_token: 'xoxb-refreshed' });
    expect(await lastConnectedAt(slack.id)).toBeNull();

    const before = Date.now();
    await saveGrant(t.db, t.deps.secrets, slack.id, { access_token: 'xoxb-granted' }, { connect: true });
    const at = (await lastConnectedAt(slack.id)) as Date;
    expect(Math.abs(at.getTime() - before)).toBeLessThan(60_000);
    expect(await activated()).toEqual([[slack.id, true]]);

    // Authorizing again keeps the first connection's time.
    await saveGrant(t.db, t.deps.secrets, slack.id, { access_token: 'xoxb-again' }, { connect: true });
    expect(await lastConnectedAt(slack.id)).toEqual(at);
  });
});
