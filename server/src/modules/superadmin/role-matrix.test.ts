import { beforeAll, describe, expect, it } from 'vitest';
import { client, useTestApp } from '../../../test/app.ts';
import { customerAccount, signedInOperator } from '../../../test/factories/operator.ts';
import { createUser, sessionCookie } from '../../../test/factories.ts';
import { services } from '../../db/schema/integrations.ts';

const t = useTestApp();
let target: Awaited<ReturnType<typeof customerAccount>>;
let cookies: Record<'user' | 'manager' | 'superadmin' | 'impersonating', string>;
let serviceId: string;

beforeAll(async () => {
  const operator = await signedInOperator(t.db);
  target = await customerAccount(t.db, { name: 'Target Co' });
  const other = await customerAccount(t.db);
  const [service] = await t.db
    .insert(services)
    .values({ name: 'Matrix', provider: 'matrix-test', category: 'development' })
    .returning();
  serviceId = service?.id as string;
  const anotherOperator = await createUser(t.db, operator.account.id, { role: 'superadmin' });
  cookies = {
    user: await sessionCookie(t.db, other.member.id),
    manager: await sessionCookie(t.db, other.manager.id),
    superadmin: operator.cookie,
    // An operator acting as the target's manager: the manager's role applies, never the operator's.
    impersonating: await sessionCookie(t.db, target.manager.id, anotherOperator.id),
  };
});

/** Every operator call that reads or changes nothing irreversible, with a body that is valid. */
const calls = () => {
  const id = target.account.id;
  return [
    { method: 'GET', url: '/api/v1/superadmin/accounts' },
    { method: 'GET', url: `/api/v1/superadmin/accounts/${id}` },
    { method: 'PATCH', url: `/api/v1/superadmin/accounts/${id}`, body: { name: 'Target Co' } },
    {
      method: 'PUT',
      url: `/api/v1/superadmin/accounts/${id}/limits`,
      body: { maxPeople: 10, maxIntegrations: null, integrationInterval: 5 },
    },
    {
      method: 'PUT',
      url: `/api/v1/superadmin/accounts/${id}/extend-trial`,
      body: { trialEndDate: new Date(Date.now() + 30 * 86_400_000).toISOString() },
    },
    { method: 'GET', url: `/api/v1/superadmin/accounts/${id}/users` },
    { method: 'GET', url: `/api/v1/superadmin/accounts/${id}/features` },
    { method: 'PUT', url: `/api/v1/superadmin/accounts/${id}/features`, body: { features: ['teams'] } },
    { method: 'POST', url: `/api/v1/superadmin/accounts/${id}/maintenance/detect-gaps` },
    { method: 'POST', url: `/api/v1/superadmin/accounts/${id}/maintenance/fix-blocks` },
    { method: 'POST', url: `/api/v1/superadmin/accounts/${id}/suspend` },
    { method: 'POST', url: `/api/v1/superadmin/accounts/${id}/activate` },
    { method: 'GET', url: '/api/v1/superadmin/services' },
    { method: 'GET', url: `/api/v1/superadmin/services/${serviceId}` },
    { method: 'PATCH', url: `/api/v1/superadmin/services/${serviceId}`, body: { intervalMinutes: 10 } },
    { method: 'GET', url: `/api/v1/superadmin/services/${serviceId}/integrations` },
    { method: 'POST', url: '/api/v1/superadmin/system/sentry-test' },
    { method: 'GET', url: '/api/v1/superadmin/system/build-info' },
  ] as const;
};

describe('operator calls are for the superadmin role only', () => {
  it.each(['user', 'manager', 'impersonating'] as const)('refuses a %s with 403 for every call', async (who) => {
    for (const call of calls()) {
      const res = await client(t.app, cookies[who])(call);
      expect({ call: `${call.method} ${call.url}`, status: res.statusCode }).toEqual({
        call: `${call.method} ${call.url}`,
        status: 403,
      });
    }
    const create = await client(
      t.app,
      cookies[who],
    )({
      method: 'POST',
      url: '/api/v1/superadmin/services',
      body: { name: 'Nope', provider: 'nope' },
    });
    expect(create.statusCode).toBe(403);
  });

  it('refuses a visitor without a session with 401', async () => {
    for (const call of calls()) {
      const res = await client(t.app)(call);
      expect({ call: `${call.method} ${call.url}`, status: res.statusCode }).toEqual({
        call: `${call.method} ${call.url}`,
        status: 401,
      });
    }
  });

  it('answers the superadmin with 200 for every call', async () => {
    for (const call of calls()) {
      const res = await client(t.app, cookies.superadmin)(call);
      expect({ call: `${call.method} ${call.url}`, status: res.statusCode }).toEqual({
        call: `${call.method} ${call.url}`,
        status: 200,
      });
    }
  });

  it('refuses to start an impersonation from an impersonated session', async () => {
    const res = await client(
      t.app,
      cookies.impersonating,
    )({
      method: 'POST',
      url: `/api/v1/superadmin/accounts/${target.account.id}/impersonate`,
    });
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe('Only platform operators can do this.');
  });
});
