import { count, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { client, useTestApp } from '../../test/app.ts';
import { fromFreshIp } from '../../test/factories/auth.ts';
import { bearer, createPushIntegration } from '../../test/factories/integrations.ts';
import { createAccount, signedInManager } from '../../test/factories.ts';
import { accounts } from '../db/schema/accounts.ts';
import { activityEvents, people, personIntegrations } from '../db/schema/activity.ts';
import { integrationRuns } from '../db/schema/integrations.ts';

const t = useTestApp();

const now = () => new Date().toISOString();

/** A value nested `depth` objects deep, each under the key `a`. */
function nested(depth: number): Record<string, unknown> {
  let value: Record<string, unknown> = {};
  for (let i = 0; i < depth; i++) value = { a: value };
  return value;
}

/** A body nested `depth` deep written as text, since JSON.stringify itself would run out of stack. */
const deepJson = (depth: number) => `${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`;

async function pushSetup() {
  const account = await createAccount(t.db);
  const { integration, apiKey } = await createPushIntegration(t.deps, account.id);
  const written = async () => {
    const n = async (q: Promise<{ n: number }[]>) => (await q)[0]?.n ?? 0;
    return {
      people: await n(t.db.select({ n: count() }).from(people).where(eq(people.accountId, account.id))),
      identities: await n(
        t.db
          .select({ n: count() })
          .from(personIntegrations)
          .where(eq(personIntegrations.integrationId, integration.id)),
      ),
      events: await n(
        t.db.select({ n: count() }).from(activityEvents).where(eq(activityEvents.integrationId, integration.id)),
      ),
      runs: await n(
        t.db.select({ n: count() }).from(integrationRuns).where(eq(integrationRuns.integrationId, integration.id)),
      ),
    };
  };
  return { apiKey, written };
}

const NOTHING = { people: 0, identities: 0, events: 0, runs: 0 };
const UNSTORABLE = 'must not contain NUL characters or lone surrogates';

const postPresence = (apiKey: string, body: Record<string, unknown>) =>
  client(t.app)({
    method: 'POST',
    url: '/api/v1/presence',
    headers: bearer(apiKey),
    body: { timestamp: now(), ...body },
  });

const postEvents = (apiKey: string, events: Record<string, unknown>[]) =>
  client(t.app)({
    method: 'POST',
    url: '/api/v1/events',
    headers: bearer(apiKey),
    body: { timestamp: now(), source: 'ci', events },
  });

const injectJson = (apiKey: string, url: string, payload: string) =>
  t.app.inject({ method: 'POST', url, headers: { ...bearer(apiKey), 'content-type': 'application/json' }, payload });

describe('the input rule: strings PostgreSQL cannot store are refused with the field named', () => {
  it.each([
    ['a NUL byte', 'a\u0000b'],
    ['a lone high surrogate', 'x\ud83d'],
    ['a lone low surrogate', '\ude00y'],
  ])('presence source with %s: 400 naming source, and no person, identity or run is created', async (_, bad) => {
    const { apiKey, written } = await pushSetup();
    const res = await postPresence(apiKey, { source: bad, users: [{ personIdentifier: 'u-1', status: 'online' }] });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      statusCode: 400,
      code: 'VALIDATION_FAILED',
      error: 'The request is not valid.',
      message: `source: ${UNSTORABLE}`,
      details: [{ field: 'source', message: UNSTORABLE }],
    });
    await t.deps.presence.settled();
    expect(await written()).toEqual(NOTHING);
  });

  it('names the user entry whose personIdentifier is unstorable', async () => {
    const { apiKey, written } = await pushSetup();
    const res = await postPresence(apiKey, {
      source: 'bridge',
      users: [
        { personIdentifier: 'u-1', status: 'online' },
        { personIdentifier: 'u\u00002', status: 'online' },
      ],
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().details).toEqual([{ field: 'users.1.personIdentifier', message: UNSTORABLE }]);
    await t.deps.presence.settled();
    expect(await written()).toEqual(NOTHING);
  });

  it.each([
    ['externalId', { externalId: 'e\u00001' }],
    ['kind', { kind: 'k\ud800' }],
    ['title', { title: 'T\u0000' }],
  ])('an event %s with unstorable text is refused and nothing is stored', async (field, override) => {
    const { apiKey, written } = await pushSetup();
    const event = { externalId: 'e-1', kind: 'deploy', timestamp: now(), personIdentifier: 'u-1', ...override };
    const res = await postEvents(apiKey, [event]);
    expect(res.statusCode).toBe(400);
    expect(res.json().details).toEqual([{ field: `events.0.${field}`, message: UNSTORABLE }]);
    expect(await written()).toEqual(NOTHING);
  });

  it('a key inside free-form details is refused without being echoed', async () => {
    const { apiKey, written } = await pushSetup();
    const res = await postPresence(apiKey, {
      source: 'bridge',
      users: [{ personIdentifier: 'u-1', status: 'online', details: { inner: { 'secret\u0000key': 1 } } }],
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().details).toEqual([
      { field: 'users.0.details', message: 'must not contain NUL characters or lone surrogates in its keys' },
    ]);
    expect(res.body).not.toContain('secret');
    expect(res.body).not.toContain('inner');
    await t.deps.presence.settled();
    expect(await written()).toEqual(NOTHING);
  });

  it('the account name with a NUL byte is refused and the name is unchanged', async () => {
    const { account, cookie } = await signedInManager(t.db);
    const res = await client(t.app, cookie)({ method: 'PATCH', url: '/api/v1/account', body: { name: 'Acme\u0000' } });
    expect(res.statusCode).toBe(400);
    expect(res.json().details).toEqual([{ field: 'name', message: UNSTORABLE }]);
    const [row] = await t.db.select({ name: accounts.name }).from(accounts).where(eq(accounts.id, account.id));
    expect(row?.name).toBe(account.name);
  });

  it('the survey and a custom chat app with lone surrogates are refused naming the field', async () => {
    const { cookie } = await signedInManager(t.db, { onboardingCompleted: false });
    const call = client(t.app, cookie);
    const survey = await call({ method: 'POST', url: '/api/v1/onboarding/survey', body: { teamName: 'x\ud83d' } });
    expect(survey.statusCode).toBe(400);
    expect(survey.json().details).toEqual([{ field: 'teamName', message: UNSTORABLE }]);
    const chat = await call({
      method: 'POST',
      url: '/api/v1/onboarding/custom-chat-app',
      body: { customChatApp: 'Chat\u0000' },
    });
    expect(chat.statusCode).toBe(400);
    expect(chat.json().details).toEqual([{ field: 'customChatApp', message: UNSTORABLE }]);
  });

  it('a query string value with a NUL byte is refused naming the parameter', async () => {
    const { cookie } = await signedInManager(t.db);
    const res = await client(t.app, cookie)({ method: 'GET', url: '/api/v1/account/audit-log?impersonated=tr%00ue' });
    expect(res.statusCode).toBe(400);
    expect(res.json().details).toEqual([{ field: 'impersonated', message: UNSTORABLE }]);
  });

  it('a well-formed emoji (a surrogate pair) is stored as sent', async () => {
    const { apiKey } = await pushSetup();
    const res = await postPresence(apiKey, {
      source: 'bridge 🚀',
      users: [{ personIdentifier: 'u-😀', status: 'online', name: 'Ada 😀' }],
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ accepted: 1, peopleCreated: 1 });
  });
});

describe('the input rule: JSON nested deeper than 32 levels is refused naming the field', () => {
  it('presence details nested 50,000 deep: 400 naming users.0.details, nothing written', async () => {
    const { apiKey, written } = await pushSetup();
    const payload = `{"timestamp":"${now()}","source":"bridge","users":[{"personIdentifier":"u-1","status":"online","details":${deepJson(50_000)}}]}`;
    const res = await injectJson(apiKey, '/api/v1/presence', payload);
    expect(res.statusCode).toBe(400);
    expect(res.json().details).toEqual([
      { field: 'users.0.details', message: 'must not be nested more than 32 levels deep' },
    ]);
    await t.deps.presence.settled();
    expect(await written()).toEqual(NOTHING);
  });

  it('event metadata nested 50,000 deep: 400 naming events.0.metadata, nothing written', async () => {
    const { apiKey, written } = await pushSetup();
    const event = `{"externalId":"e-1","kind":"deploy","timestamp":"${now()}","personIdentifier":"u-1","metadata":${deepJson(50_000)}}`;
    const res = await injectJson(
      apiKey,
      '/api/v1/events',
      `{"timestamp":"${now()}","source":"ci","events":[${event}]}`,
    );
    expect(res.statusCode).toBe(400);
    expect(res.json().details).toEqual([
      { field: 'events.0.metadata', message: 'must not be nested more than 32 levels deep' },
    ]);
    expect(await written()).toEqual(NOTHING);
  });

  it('metadata nested within the limit is accepted', async () => {
    const { apiKey, written } = await pushSetup();
    const event = {
      externalId: 'e-1',
      kind: 'deploy',
      timestamp: now(),
      personIdentifier: 'u-1',
      metadata: nested(25),
    };
    const res = await postEvents(apiKey, [event]);
    expect(res.statusCode).toBe(200);
    expect((await written()).events).toBe(1);
  });
});

describe("Fastify's own refusals answer in the one error shape, echoing no input", () => {
  it('a path id over 100 characters answers 414 without the URL', async () => {
    const { cookie } = await signedInManager(t.db);
    const id = 'x'.repeat(8000);
    const res = await client(t.app, cookie)({ method: 'GET', url: `/api/v1/people/${id}` });
    expect(res.statusCode).toBe(414);
    expect(res.json()).toEqual({
      statusCode: 414,
      code: 'URI_TOO_LONG',
      error: 'The address of the request is too long.',
      message: 'path: is too long',
      details: [{ field: 'path', message: 'is too long' }],
    });
  });

  it.each([
    {
      name: 'a body that is not JSON answers 400 naming the body without echoing it',
      contentType: 'application/json',
      payload: '{"email": hostile-token-123',
      statusCode: 400,
      code: 'BAD_REQUEST',
      error: 'The request is not valid.',
      field: 'body',
      message: 'must be valid JSON',
    },
    {
      name: 'a body of another media type answers 415 naming the content type',
      contentType: 'text/x-hostile',
      payload: 'hostile-token-123',
      statusCode: 415,
      code: 'UNSUPPORTED_MEDIA_TYPE',
      error: 'The request must be sent as JSON.',
      field: 'content-type',
      message: 'must be application/json',
    },
    {
      name: 'a body over 1 MB answers 413 naming the body',
      contentType: 'application/json',
      payload: JSON.stringify({ email: 'a@b.io', password: 'x'.repeat(1024 * 1024) }),
      statusCode: 413,
      code: 'PAYLOAD_TOO_LARGE',
      error: 'The request body is too large.',
      field: 'body',
      message: 'is too large',
    },
  ])('$name', async ({ contentType, payload, statusCode, code, error, field, message }) => {
    const res = await fromFreshIp(t.app)({
      method: 'POST',
      url: '/auth/login',
      headers: { 'content-type': contentType },
      payload,
    });
    expect(res.statusCode).toBe(statusCode);
    expect(res.json()).toEqual({
      statusCode,
      code,
      error,
      message: `${field}: ${message}`,
      details: [{ field, message }],
    });
  });

  it('an unknown API path answers 404 without echoing it', async () => {
    const res = await client(t.app)({ method: 'GET', url: '/api/v1/hostile-token-123' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({
      statusCode: 404,
      code: 'NOT_FOUND',
      error: 'Not found',
      message: 'No such API route. The API reference is at /docs.',
    });
  });

  it('a field breaking two rules is named once', async () => {
    const res = await fromFreshIp(t.app)({
      method: 'POST',
      url: '/auth/set-password',
      body: { email: 'new@acme.io', password: 'short' },
    });
    expect(res.statusCode).toBe(400);
    const fields = (res.json().details as { field: string }[]).map((d) => d.field);
    expect(fields).toEqual(['password']);
    expect(res.json().message).toBe(`password: ${res.json().details[0].message}`);
  });
});
