import { presencePushBody } from '@overlap/contract/ingest';
import { describe, expect, it } from 'vitest';
import { isCanonicalPresenceBody, presenceBodyValidator } from './presence-body.ts';

const at = new Date(Date.now() - 60_000).toISOString();
const user = { personIdentifier: 'u-1', status: 'online', timezone: 'Europe/Berlin' };
const body = (users: unknown[], extra: Record<string, unknown> = {}) => ({
  timestamp: at,
  source: 'bridge',
  users,
  ...extra,
});

const canonical = [
  body([user, { personIdentifier: 'u-2', status: 'away' }]),
  body([
    {
      personIdentifier: 'u-3',
      status: 'meeting',
      firstname: 'Ada',
      name: 'Ada Lovelace',
      email: 'ada@example.com',
      timezone: 'UTC',
      details: { team: 'core', level: 3 },
    },
  ]),
  body([{ personIdentifier: 'u-4', status: 'dnd', name: null, email: null, timezone: null, details: null }]),
  body([]),
];

const other: [string, unknown][] = [
  ['an untrimmed identifier', body([{ ...user, personIdentifier: ' u-1 ' }])],
  ['an untrimmed source', body([user], { source: 'bridge ' })],
  ['an unknown key', body([user], { extra: 1 })],
  ['an unknown user key', body([{ ...user, nickname: 'a' }])],
  ['a duplicate identifier', body([user, { ...user }])],
  ['an unknown status', body([{ ...user, status: 'gone' }])],
  ['an unknown timezone', body([{ ...user, timezone: 'Mars/Olympus' }])],
  ['a bad e-mail', body([{ ...user, email: 'not-an-address' }])],
  ['details as a list', body([{ ...user, details: [1] }])],
  ['an empty identifier', body([{ ...user, personIdentifier: '' }])],
  ['a timestamp without timezone', body([user], { timestamp: '2025-03-14T09:30:00' })],
  ['a timestamp far in the future', body([user], { timestamp: new Date(Date.now() + 3_600_000).toISOString() })],
  ['users not a list', body([], { users: {} })],
];

describe('presence push body check', () => {
  it.each(canonical.map((b, i) => [i, b]))('takes canonical body %i as the schema answers it', (_, b) => {
    expect(isCanonicalPresenceBody(b)).toBe(true);
    expect(presencePushBody.parse(b)).toEqual(b);
  });

  it.each(other)('leaves a body with %s to the schema', (_, b) => {
    expect(isCanonicalPresenceBody(b)).toBe(false);
  });

  it('answers what the schema answers for a body it does not take', () => {
    const validate = presenceBodyValidator({ schema: presencePushBody, method: 'POST', url: '/', httpPart: 'body' });
    const trimmed = validate(body([{ ...user, personIdentifier: ' u-1 ' }]));
    expect(trimmed).toEqual({ value: body([user]) });
    const refused = validate(body([{ ...user, status: 'gone' }])) as { error: { instancePath: string }[] };
    expect(refused.error.map((v) => v.instancePath)).toEqual(['/users/0/status']);
  });
});
