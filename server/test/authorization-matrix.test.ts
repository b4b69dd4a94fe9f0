import { randomUUID } from 'node:crypto';
import type { LightMyRequestResponse } from 'fastify';
import { describe, expect, it } from 'vitest';
import { webhooks } from '../src/db/schema/webhooks.ts';
import { startRun } from '../src/pipeline/run-recorder.ts';
import { client, useTestApp } from './app.ts';
import { createBlock, createPerson, linkPerson } from './factories/activity.ts';
import { createIntegration } from './factories/engine.ts';
import { createPushIntegration } from './factories/integrations.ts';
import { createAccount, createUser, sessionCookie } from './factories.ts';
import { validSample } from './schema-arbitrary.ts';

/**
 * The authorization matrix: every route of the route table x every kind of caller x (for routes
 * naming a record) the caller's own record, another account's record and a made-up id. The
 * expected answer is written per route class below; a route missing from ROUTES fails the test,
 * so a new route cannot ship without saying who may call it.
 */

const t = useTestApp();

/** Who may call a route. */
type Access =
  | 'public' // anyone, no session needed (sign-in, sign-up, health, docs, invitations by token)
  | 'member' // any signed-in user of an account (plain users included)
  | 'manager' // managers (and operators) only; plain users 403
  | 'operator' // superadmins only; everyone else 403
  | 'impersonating' // only a session that impersonates (others 409 NOT_IMPERSONATING)
  | 'push' // the integration API key; sessions mean nothing here
  | 'signed'; // a provider's signature over the body (webhooks in)

/** The record a route's `:id` names. */
type Kind =
  | 'integration'
  | 'githubIntegration'
  | 'run'
  | 'person'
  | 'unassigned'
  | 'ignored'
  | 'personIntegration'
  | 'block'
  | 'user'
  | 'webhook'
  | 'account'
  | 'service'
  | 'checkout';

interface Entry {
  access: Access;
  kind?: Kind;
  /** A body the route's own schema accepts, when sampling cannot find one; a function gets the caller's records. */
  body?: object | ((mine: Records) => object);
}

/** An OAuth start: the body names the caller's own integration. */
const AUTH_URL: Entry = { access: 'manager', body: (mine) => ({ integrationId: mine.integration }) };
const CARD = { cardNumber: '4242 4242 4242 4242', expiry: '12/39', cvc: '123', name: 'Ada Lovelace' };

const ROUTES: Record<string, Entry> = {
  // Public: health, docs, auth and invitations by token.
  'GET /healthz': { access: 'public' },
  'GET /readyz': { access: 'public' },
  'GET /metrics': { access: 'public' },
  'GET /openapi.json': { access: 'public' },
  'GET /docs': { access: 'public' },
  'GET /docs/': { access: 'public' },
  'GET /docs/js/scalar.js': { access: 'public' },
  'POST /auth/login': { access: 'public' },
  'POST /auth/logout': { access: 'public' },
  'POST /auth/signup': { access: 'public' },
  'POST /auth/confirm-email': { access: 'public' },
  'POST /auth/confirm-code': { access: 'public' },
  'POST /auth/resend-confirmation': { access: 'public' },
  'POST /auth/set-password': { access: 'public' },
  'POST /auth/forgot-password': { access: 'public' },
  'POST /auth/reset-password': { access: 'public' },
  'GET /api/v1/invitations/:token': { access: 'public' },
  'POST /api/v1/invitations/:token/accept': { access: 'public' },
  'GET /api/v1/integrations/oauth/:provider/callback': { access: 'public' },
  'POST /api/v1/billing/webhook': { access: 'signed' },
  'POST /api/v1/inbound/:provider/:integrationId': { access: 'signed' },
  // The push API.
  'POST /api/v1/presence': { access: 'push' },
  'POST /api/v1/events': { access: 'push' },
  'POST /api/v1/activate': { access: 'push' },
  // Any signed-in member.
  'GET /auth/status': { access: 'member' },
  'GET /auth/impersonation-status': { access: 'member' },
  'GET /api/v1/profile/my-info': { access: 'member' },
  'PATCH /api/v1/profile/preferences': { access: 'member' },
  'GET /api/v1/profile/system-info': { access: 'member' },
  'GET /api/v1/account': { access: 'member' },
  'GET /api/v1/activities': { access: 'member' },
  'GET /api/v1/overlap': { access: 'member' },
  'GET /api/v1/export/days.csv': { access: 'member' },
  'GET /api/v1/people': { access: 'member' },
  'GET /api/v1/people/:id': { access: 'member', kind: 'person' },
  'GET /api/v1/people/:id/availability': { access: 'member', kind: 'person' },
  'GET /api/v1/people/:id/week': { access: 'member', kind: 'person' },
  'GET /api/v1/people/:id/year': { access: 'member', kind: 'person' },
  'GET /api/v1/users': { access: 'member' },
  'GET /api/v1/stream': { access: 'member' },
  'GET /api/v1/billing/status': { access: 'member' },
  'GET /api/v1/billing/plans': { access: 'public' },
  'GET /api/v1/onboarding/state': { access: 'member' },
  'GET /api/v1/onboarding/available-chat-apps': { access: 'member' },
  'GET /api/v1/unassigned': { access: 'member' },
  'GET /api/v1/ignored': { access: 'member' },
  // Managers.
  'PATCH /api/v1/account': { access: 'manager' },
  'DELETE /api/v1/account/demo-data': { access: 'manager' },
  'GET /api/v1/account/audit-log': { access: 'manager' },
  'POST /api/v1/account/maintenance/detect-gaps': { access: 'manager' },
  'PATCH /api/v1/people/:id': { access: 'manager', kind: 'person' },
  'POST /api/v1/unassigned/bulk': { access: 'manager' },
  'POST /api/v1/unassigned/:id/ignore': { access: 'manager', kind: 'unassigned' },
  'POST /api/v1/unassigned/:id/merge': {
    access: 'manager',
    kind: 'unassigned',
    body: (mine) => ({ targetPersonId: mine.person }),
  },
  'POST /api/v1/unassigned/:id/revive': { access: 'manager', kind: 'unassigned' },
  'POST /api/v1/ignored/:id/resurrect': { access: 'manager', kind: 'ignored' },
  'PATCH /api/v1/activity-blocks/:id': { access: 'manager', kind: 'block' },
  'DELETE /api/v1/activity-blocks/:id': { access: 'manager', kind: 'block' },
  'POST /api/v1/activity-blocks/restore': { access: 'manager' },
  'POST /api/v1/users/invite': { access: 'manager', body: { email: 'invited-person@example.com', role: 'user' } },
  'PATCH /api/v1/users/:id/role': { access: 'manager', kind: 'user' },
  'POST /api/v1/users/:id/resend-invitation': { access: 'manager', kind: 'user' },
  'DELETE /api/v1/users/:id': { access: 'manager', kind: 'user' },
  'GET /api/v1/webhooks': { access: 'manager' },
  'POST /api/v1/webhooks': {
    access: 'manager',
    body: { url: 'https://hooks.example.com/new', events: ['person.online'] },
  },
  'GET /api/v1/webhooks/:id': { access: 'manager', kind: 'webhook' },
  'PATCH /api/v1/webhooks/:id': { access: 'manager', kind: 'webhook' },
  'DELETE /api/v1/webhooks/:id': { access: 'manager', kind: 'webhook' },
  'GET /api/v1/webhooks/:id/deliveries': { access: 'manager', kind: 'webhook' },
  'POST /api/v1/webhooks/:id/rotate-secret': { access: 'manager', kind: 'webhook' },
  'POST /api/v1/webhooks/:id/test': { access: 'manager', kind: 'webhook' },
  'GET /api/v1/integrations': { access: 'manager' },
  'GET /api/v1/integrations/available-services': { access: 'manager' },
  'POST /api/v1/integrations': { access: 'manager' },
  'GET /api/v1/integrations/:id': { access: 'manager', kind: 'integration' },
  'PATCH /api/v1/integrations/:id': { access: 'manager', kind: 'integration' },
  'DELETE /api/v1/integrations/:id': { access: 'manager', kind: 'integration' },
  'POST /api/v1/integrations/:id/activate': { access: 'manager', kind: 'integration' },
  'POST /api/v1/integrations/:id/deactivate': { access: 'manager', kind: 'integration' },
  'POST /api/v1/integrations/:id/regenerate-key': { access: 'manager', kind: 'integration' },
  'POST /api/v1/integrations/:id/regenerate-webhook-secret': { access: 'manager', kind: 'integration' },
  'GET /api/v1/integrations/:id/activity-blocks': { access: 'manager', kind: 'integration' },
  'DELETE /api/v1/integrations/:id/activity-blocks': { access: 'manager', kind: 'integration' },
  'GET /api/v1/integrations/:id/events': { access: 'manager', kind: 'integration' },
  'DELETE /api/v1/integrations/:id/events': { access: 'manager', kind: 'integration' },
  'GET /api/v1/integrations/:id/api-calls': { access: 'manager', kind: 'integration' },
  'GET /api/v1/integrations/:id/people': { access: 'manager', kind: 'integration' },
  'GET /api/v1/integrations/:id/runs': { access: 'manager', kind: 'integration' },
  'GET /api/v1/integrations/:id/runs/:runId': { access: 'manager', kind: 'run' },
  'GET /api/v1/integrations/:id/statistics': { access: 'manager', kind: 'integration' },
  // Allowed without a token is 409 (nothing to ask GitHub with): a refusal would be 401, 403 or 404.
  'GET /api/v1/integrations/:id/github/orgs': { access: 'manager', kind: 'githubIntegration' },
  'GET /api/v1/onboarding/integration-status/:id': { access: 'member', kind: 'integration' },
  'GET /api/v1/people-integrations/:id': { access: 'member', kind: 'personIntegration' },
  'GET /api/v1/people-integrations/:id/activity-blocks': { access: 'member', kind: 'personIntegration' },
  'GET /api/v1/people-integrations/:id/events': { access: 'member', kind: 'personIntegration' },
  'POST /api/v1/integrations/discord/auth-url': AUTH_URL,
  'POST /api/v1/integrations/github/auth-url': AUTH_URL,
  'POST /api/v1/integrations/gitlab/auth-url': AUTH_URL,
  'POST /api/v1/integrations/google/auth-url': AUTH_URL,
  'POST /api/v1/integrations/microsoft/auth-url': AUTH_URL,
  'POST /api/v1/integrations/slack/auth-url': AUTH_URL,
  'POST /api/v1/onboarding/complete': { access: 'manager' },
  'POST /api/v1/onboarding/connect-oauth': { access: 'manager' },
  'POST /api/v1/onboarding/custom-chat-app': { access: 'member' },
  'POST /api/v1/onboarding/select-chat-app': { access: 'manager' },
  'POST /api/v1/onboarding/survey': { access: 'member' },
  'POST /api/v1/billing/create-checkout-session': { access: 'manager' },
  'POST /api/v1/billing/customer-portal': { access: 'manager' },
  'POST /api/v1/billing/sync-stripe': { access: 'manager' },
  'GET /api/v1/billing/local/subscription': { access: 'manager' },
  'PATCH /api/v1/billing/local/subscription': { access: 'manager' },
  'PUT /api/v1/billing/local/payment-method': {
    access: 'manager',
    body: CARD,
  },
  'GET /api/v1/billing/local/checkout-sessions/:id': { access: 'manager', kind: 'checkout' },
  'POST /api/v1/billing/local/checkout-sessions/:id/complete': {
    access: 'manager',
    kind: 'checkout',
    body: CARD,
  },
  // Operators.
  'GET /api/v1/superadmin/accounts': { access: 'operator' },
  'GET /api/v1/superadmin/accounts/:id': { access: 'operator', kind: 'account' },
  'PATCH /api/v1/superadmin/accounts/:id': { access: 'operator', kind: 'account' },
  'POST /api/v1/superadmin/accounts/:id/:action': { access: 'operator', kind: 'account' },
  'GET /api/v1/superadmin/accounts/:id/features': { access: 'operator', kind: 'account' },
  'PUT /api/v1/superadmin/accounts/:id/features': { access: 'operator', kind: 'account' },
  'GET /api/v1/superadmin/accounts/:id/users': { access: 'operator', kind: 'account' },
  'PUT /api/v1/superadmin/accounts/:id/extend-trial': { access: 'operator', kind: 'account' },
  'PUT /api/v1/superadmin/accounts/:id/limits': { access: 'operator', kind: 'account' },
  'POST /api/v1/superadmin/accounts/:id/maintenance/detect-gaps': { access: 'operator', kind: 'account' },
  'POST /api/v1/superadmin/accounts/:id/maintenance/fix-blocks': { access: 'operator', kind: 'account' },
  'GET /api/v1/superadmin/services': { access: 'operator' },
  'POST /api/v1/superadmin/services': { access: 'operator' },
  'GET /api/v1/superadmin/services/:id': { access: 'operator', kind: 'service' },
  'PATCH /api/v1/superadmin/services/:id': { access: 'operator', kind: 'service' },
  'DELETE /api/v1/superadmin/services/:id': { access: 'operator', kind: 'service' },
  'GET /api/v1/superadmin/services/:id/integrations': { access: 'operator', kind: 'service' },
  'GET /api/v1/superadmin/system/build-info': { access: 'operator' },
  'POST /api/v1/superadmin/system/sentry-test': { access: 'operator' },
  'POST /api/v1/superadmin/stop-impersonation': { access: 'impersonating' },
};

type Actor = 'anonymous' | 'user' | 'manager' | 'superadmin' | 'otherManager';
const ACTORS: Actor[] = ['anonymous', 'superadmin', 'otherManager', 'user', 'manager'];
type Which = 'own' | 'foreign' | 'madeUp';

/** The id of each kind of record of one account (first id of each list). */
type Records = Record<Kind, string | undefined>;

/** Two customer accounts (A: manager and user; B: manager) with one record of every kind each. */
async function world() {
  const made = async () => {
    const account = await createAccount(t.db, { plan: 'business' });
    const manager = await createUser(t.db, account.id, { role: 'manager', password: null });
    const { integration } = await createPushIntegration(t.deps, account.id);
    const github = await createIntegration(t.db, account.id, { provider: 'github' });
    const person = await createPerson(t.db, account.id);
    const unassigned = await createPerson(t.db, account.id, { status: 'unassigned' });
    const ignored = await createPerson(t.db, account.id, { status: 'ignored' });
    const pi = await linkPerson(t.db, person, integration);
    // Blocks hang off a person of their own: the person routes may change the first person's blocks.
    const blockPerson = await createPerson(t.db, account.id);
    const blockPi = await linkPerson(t.db, blockPerson, integration);
    const block = await createBlock(
      t.db,
      { ...blockPi, personId: blockPerson.id },
      new Date(Date.now() - 3 * 3_600_000),
      new Date(Date.now() - 2 * 3_600_000),
    );
    const pending = await createUser(t.db, account.id, { role: 'user', password: null, verified: false });
    const run = await startRun(t.db, integration, 'push');
    await run.finish({ peopleFound: 0, eventsCreated: 0 });
    const [webhook] = await t.db
      .insert(webhooks)
      .values({
        accountId: account.id,
        url: 'https://hooks.example.com/overlap',
        events: ['person.online'],
        secretEncrypted: t.deps.secrets.encrypt('whsec_test_secret_0123456789'),
        secretHint: '6789',
      })
      .returning();
    const ids: Record<Kind, string[]> = {
      integration: [integration.id],
      githubIntegration: [github.id],
      run: [integration.id, run.id],
      person: [person.id],
      unassigned: [unassigned.id],
      ignored: [ignored.id],
      personIntegration: [pi.id],
      block: [block.id],
      user: [pending.id],
      webhook: [webhook?.id as string],
      account: [account.id],
      service: [],
      checkout: [],
    };
    const mine = Object.fromEntries(Object.entries(ids).map(([k, v]) => [k, v[0]])) as Records;
    return { account, manager, ids, mine };
  };
  const a = await made();
  const b = await made();
  const user = await createUser(t.db, a.account.id, { role: 'user', password: null });
  const operators = await createAccount(t.db, { name: 'Overlap Operators', plan: 'business' });
  const operator = await createUser(t.db, operators.id, { role: 'superadmin', password: null });
  const cookies: Record<Actor, string | undefined> = {
    anonymous: undefined,
    user: await sessionCookie(t.db, user.id),
    manager: await sessionCookie(t.db, a.manager.id),
    superadmin: await sessionCookie(t.db, operator.id),
    otherManager: await sessionCookie(t.db, b.manager.id),
  };
  return { a, b, cookies };
}

const DENIED = [401, 403, 404];

/** The answer expected of `actor` on a route of `access`, for the record `which` (A's own, B's, made up). */
function expected(access: Access, actor: Actor, kind: Kind | undefined, which: Which): number | 'allowed' {
  if (actor === 'anonymous') return 401;
  if (access === 'operator') {
    if (actor !== 'superadmin') return 403;
    return which === 'madeUp' || (kind === 'service' && which === 'foreign') ? 404 : 'allowed';
  }
  if (access === 'manager' && actor === 'user') return 403;
  if (!kind) return 'allowed';
  // Records of customer accounts: only their own account sees them; operators see them by impersonating.
  const ownerIsA = which === 'own';
  const callerIsA = actor === 'user' || actor === 'manager';
  const callerIsB = actor === 'otherManager';
  if (which === 'madeUp') return 404;
  if ((ownerIsA && callerIsA) || (!ownerIsA && callerIsB)) return 'allowed';
  return 404;
}

function urlOf(route: string, ids: string[]): string {
  let i = 0;
  return route
    .split(' ')[1]
    ?.replace(/:(provider)/, 'github')
    .replace(/:action/, 'suspend')
    .replace(/:token/, 'made-up-invitation-token')
    .replace(/:integrationId/, randomUUID())
    .replace(/:(id|runId)/g, () => ids[i++] ?? randomUUID()) as string;
}

function bodyOf(route: string, entry: Entry, mine: Records): object | undefined {
  if (typeof entry.body === 'function') return entry.body(mine);
  if (entry.body !== undefined) return entry.body;
  const method = route.split(' ')[0];
  if (method === 'GET' || method === 'DELETE') return undefined;
  const schema = t.app.routeSchemas.get(route)?.body;
  if (!schema) return {};
  return (validSample(schema as never) as object | undefined) ?? {};
}

/** A query string the route's schema accepts (so a refusal is about the caller, not the query). */
function queryOf(route: string): string {
  const schema = t.app.routeSchemas.get(route)?.querystring;
  if (!schema) return '';
  const sample = validSample(schema as never) as Record<string, unknown> | undefined;
  if (!sample) return '';
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(sample)) if (value !== undefined) params.set(key, String(value));
  const text = params.toString();
  return text ? `?${text}` : '';
}

describe('authorization matrix', () => {
  it('every route of the route table has an entry, and every entry a route', () => {
    // The built web app's files (served one route per file when web/dist exists) are public by nature.
    const staticFile = (r: string) => /^GET \/(?!api\/|auth\/|docs\/|openapi\.json$)[^:*]*\.[a-z0-9]+$/i.test(r);
    const table = [...new Set(t.app.routeTable)].filter((r) => !staticFile(r)).sort();
    const missing = table.filter((r) => !(r in ROUTES));
    expect(missing).toEqual([]);
    expect(Object.keys(ROUTES).filter((r) => !table.includes(r))).toEqual([]);
  });

  it('every route x caller x record answers as its class says', async () => {
    const w = await world();
    const serviceId = (await t.db.query.services.findFirst())?.id as string;
    const failures: string[] = [];
    const check = (
      route: string,
      actor: Actor,
      which: Which,
      res: LightMyRequestResponse,
      want: number | 'allowed',
    ) => {
      // Allowed: not refused as a caller. A route without a record may still answer 404 for a record its body names.
      const refusals = ROUTES[route]?.kind ? DENIED : [401, 403];
      const ok =
        want === 'allowed' ? !refusals.includes(res.statusCode) && res.statusCode < 500 : res.statusCode === want;
      if (!ok)
        failures.push(
          `${route} as ${actor} (${which}): ${res.statusCode}, expected ${want} — ${res.body.slice(0, 160)}`,
        );
    };
    // Routes that delete or change the state of a whole record run last, so the others still find theirs.
    const destructive = (r: string) =>
      r.includes('/:action')
        ? 3
        : r === 'DELETE /api/v1/integrations/:id'
          ? 2
          : r.startsWith('DELETE') || r.endsWith('/role')
            ? 1
            : 0;
    const order = Object.entries(ROUTES).sort(([x], [y]) => destructive(x) - destructive(y));
    for (const [route, entry] of order) {
      const method = route.split(' ')[0] as string;
      const query = queryOf(route);
      const madeUp =
        entry.kind === 'run'
          ? [w.a.ids.run[0] as string, randomUUID()]
          : entry.kind === 'checkout'
            ? [`cs_local_${randomUUID().replaceAll('-', '')}`]
            : [randomUUID()];
      const records: [Which, string[]][] = entry.kind
        ? [
            ['madeUp', madeUp],
            // Services belong to no account: an operator's own and only.
            ['foreign', entry.kind === 'service' ? [] : w.b.ids[entry.kind]],
            ['own', entry.kind === 'service' ? [serviceId] : w.a.ids[entry.kind]],
          ]
        : [['own', []]];
      for (const [which, ids] of records) {
        if (entry.kind && ids.length === 0) continue;
        for (const actor of ACTORS) {
          // Public calls answer alike whoever calls (and sign-in or sign-out would end the callers' sessions).
          if ((entry.access === 'public' || entry.access === 'signed') && actor !== 'anonymous') continue;
          // The event stream never ends for an allowed caller: only its refusal is asked for.
          if (route === 'GET /api/v1/stream' && actor !== 'anonymous') continue;
          const body = bodyOf(route, entry, actor === 'otherManager' ? w.b.mine : w.a.mine);
          const res = await client(
            t.app,
            w.cookies[actor],
          )({ method: method as 'GET', url: `${urlOf(route, ids)}${query}`, body });
          if (entry.access === 'public' || entry.access === 'signed') {
            if (res.statusCode >= 500 || (entry.access === 'signed' && res.statusCode < 400)) {
              failures.push(`${route} as ${actor}: ${res.statusCode}`);
            }
            continue;
          }
          if (entry.access === 'push') {
            check(route, actor, which, res, 401);
            continue;
          }
          if (entry.access === 'impersonating') {
            check(route, actor, which, res, actor === 'anonymous' ? 401 : 409);
            continue;
          }
          check(route, actor, which, res, expected(entry.access, actor, entry.kind, which));
        }
      }
    }
    expect(failures).toEqual([]);
  }, 300_000);
});
