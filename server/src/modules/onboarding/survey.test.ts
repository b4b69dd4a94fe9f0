import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { client, useTestApp } from '../../../test/app.ts';
import { createUser, sessionCookie, signedInManager } from '../../../test/factories.ts';
import { accounts } from '../../db/schema/accounts.ts';

const url = '/api/v1/onboarding/survey';

const t = useTestApp();

async function signupDataOf(accountId: string) {
  const [row] = await t.db.select({ signupData: accounts.signupData }).from(accounts).where(eq(accounts.id, accountId));
  return row?.signupData;
}

describe('POST /api/v1/onboarding/survey', () => {
  it('saves partial changes, merges them and keeps the other signup data', async () => {
    const { account, cookie } = await signedInManager(t.db);
    await t.db
      .update(accounts)
      .set({ signupData: { signupSource: 'web_form', requestedIntegrations: ['slack'] } })
      .where(eq(accounts.id, account.id));
    const call = client(t.app, cookie);

    const first = await call({ method: 'POST', url, body: { teamName: '  Rocket  ' } });
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ teamName: 'Rocket' });

    await call({ method: 'POST', url, body: { companySize: '11-20 people' } });
    await call({
      method: 'POST',
      url,
      body: { tools: ['Slack', 'GitHub', 'Slack'], otherTools: [' Linear ', 'linear'] },
    });
    const last = await call({
      method: 'POST',
      url,
      body: { problemStatement: 'Too many time zones.', tools: ['Zoom'] },
    });
    expect(last.json()).toEqual({
      teamName: 'Rocket',
      companySize: '11-20 people',
      tools: ['Zoom'],
      otherTools: ['Linear'],
      problemStatement: 'Too many time zones.',
    });

    expect(await signupDataOf(account.id)).toEqual({
      signupSource: 'web_form',
      requestedIntegrations: ['slack'],
      survey: last.json(),
    });
    const view = await call({ method: 'GET', url: '/api/v1/account' });
    expect(view.json().signupData.survey).toEqual(last.json());
  });

  it('gives an account without signup data a source, so the account view stays valid', async () => {
    const { account, cookie } = await signedInManager(t.db);
    const res = await client(t.app, cookie)({ method: 'POST', url, body: { teamName: 'Fresh' } });
    expect(res.statusCode).toBe(200);
    expect(await signupDataOf(account.id)).toEqual({ signupSource: 'api', survey: { teamName: 'Fresh' } });
    const view = await client(t.app, cookie)({ method: 'GET', url: '/api/v1/account' });
    expect(view.statusCode).toBe(200);
  });

  it('sets completedAt once, on the first completed save', async () => {
    const { cookie } = await signedInManager(t.db);
    const call = client(t.app, cookie);
    const open = await call({ method: 'POST', url, body: { teamName: 'Rocket', completed: false } });
    expect(open.json().completedAt).toBeUndefined();

    const done = await call({ method: 'POST', url, body: { problemStatement: '', completed: true } });
    const completedAt = done.json().completedAt;
    expect(Date.now() - Date.parse(completedAt)).toBeLessThan(60_000);

    const again = await call({ method: 'POST', url, body: { teamName: 'Rocket 2', completed: true } });
    expect(again.json()).toMatchObject({ teamName: 'Rocket 2', completedAt });
  });

  it.each([
    [{ companySize: '3 people' }, 'companySize'],
    [{ tools: ['Slack', 'Trello'] }, 'tools.1'],
    [{ teamName: 'x'.repeat(101) }, 'teamName'],
    [{ problemStatement: 'x'.repeat(2001) }, 'problemStatement'],
    [{ otherTools: ['x'.repeat(61)] }, 'otherTools.0'],
    [{ otherTools: ['   '] }, 'otherTools.0'],
    [{ otherTools: Array.from({ length: 21 }, (_, i) => `Tool ${i}`) }, 'otherTools'],
    [{ completed: 'yes' }, 'completed'],
  ])('answers 400 naming the field for %j', async (body, field) => {
    const { account, cookie } = await signedInManager(t.db);
    const res = await client(t.app, cookie)({ method: 'POST', url, body });
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('VALIDATION_FAILED');
    expect(res.json().details).toEqual([expect.objectContaining({ field })]);
    expect(res.json().message).toContain(field);
    expect(await signupDataOf(account.id)).toBeNull();
  });

  it('answers 401 without a session', async () => {
    const res = await client(t.app)({ method: 'POST', url, body: { teamName: 'Nobody' } });
    expect(res.statusCode).toBe(401);
  });

  it("saves to the caller's own account only, whatever the body says", async () => {
    const a = await signedInManager(t.db);
    const b = await signedInManager(t.db);
    await client(t.app, b.cookie)({ method: 'POST', url, body: { teamName: 'Team B' } });
    const res = await client(
      t.app,
      a.cookie,
    )({
      method: 'POST',
      url,
      body: { teamName: 'Team A', accountId: b.account.id },
    });
    expect(res.statusCode).toBe(200);
    expect((await signupDataOf(a.account.id))?.survey?.teamName).toBe('Team A');
    expect((await signupDataOf(b.account.id))?.survey).toEqual({ teamName: 'Team B' });
  });

  it('lets a user-role member save', async () => {
    const { account } = await signedInManager(t.db);
    const member = await createUser(t.db, account.id, { role: 'user' });
    const res = await client(
      t.app,
      await sessionCookie(t.db, member.id),
    )({
      method: 'POST',
      url,
      body: { tools: ['Slack'] },
    });
    expect(res.statusCode).toBe(200);
    expect((await signupDataOf(account.id))?.survey).toEqual({ tools: ['Slack'] });
  });

  it('is refused for a suspended account, like every other write', async () => {
    const { account, cookie } = await signedInManager(t.db, { status: 'suspended' });
    const res = await client(t.app, cookie)({ method: 'POST', url, body: { teamName: 'Paused' } });
    expect(res.statusCode).toBe(403);
    expect(res.json().code).toBe('ACCOUNT_SUSPENDED');
    expect(await signupDataOf(account.id)).toBeNull();
  });
});
