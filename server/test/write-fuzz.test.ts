import { randomBytes, randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { client, useTestApp } from './app.ts';
import { createPerson } from './factories/activity.ts';
import { bearer, createPushIntegration } from './factories/integrations.ts';
import { createAccount, createUser, sessionCookie } from './factories.ts';
import { hostileArbitraryOf } from './schema-arbitrary.ts';

/**
 * Every write route, fed bodies built from its own contract schema with hostile strings and shapes
 * mixed in: no answer is a 5xx, every 400 names each bad field once, and a refused request changes
 * nothing (a fingerprint of every table is the same before and after it).
 */

const t = useTestApp();

/** Calls that verify a signature over the raw body, or end the caller's own session: fuzzed elsewhere. */
const NOT_FUZZED = new Set([
  'POST /api/v1/billing/webhook',
  'POST /api/v1/inbound/:provider/:integrationId',
  'POST /auth/logout',
  'POST /api/v1/superadmin/stop-impersonation',
]);

/** Tables whose rows a refused request may still write: rate counters, the call log, sessions' last use. */
const BOOKKEEPING = new Set(['rate_limits', 'api_rate_limits', 'api_calls', 'sessions', 'mail_outbox']);

async function fingerprint(): Promise<string> {
  const tables = await t.db.execute<{ name: string }>(
    sql`select tablename as name from pg_tables where schemaname = 'public' order by tablename`,
  );
  const parts: string[] = [];
  for (const { name } of tables.rows) {
    if (BOOKKEEPING.has(name) || name.startsWith('__drizzle')) continue;
    const [row] = (
      await t.db.execute<{ digest: string | null }>(
        sql`select md5(string_agg(md5(x::text), '' order by md5(x::text))) as digest from ${sql.identifier(name)} x`,
      )
    ).rows;
    parts.push(`${name}:${row?.digest ?? '-'}`);
  }
  return parts.join('|');
}

const RUNS = Number(process.env.FUZZ_RUNS ?? 4);

describe('fuzzing every write route from its contract schema', () => {
  it('never answers 5xx, names each bad field once, and a refusal changes nothing', async () => {
    const account = await createAccount(t.db, { plan: 'business' });
    const manager = await createUser(t.db, account.id, { role: 'manager', password: null });
    const operators = await createAccount(t.db, { name: 'Overlap Operators', plan: 'business' });
    const operator = await createUser(t.db, operators.id, { role: 'superadmin', password: null });
    const { integration, apiKey } = await createPushIntegration(t.deps, account.id);
    const person = await createPerson(t.db, account.id);
    const managerCookie = await sessionCookie(t.db, manager.id);
    const operatorCookie = await sessionCookie(t.db, operator.id);

    const routes = [...new Set(t.app.routeTable)]
      .filter((r) => /^(POST|PUT|PATCH|DELETE) /.test(r) && !NOT_FUZZED.has(r))
      .filter((r) => t.app.routeSchemas.get(r)?.body !== undefined)
      .sort();
    expect(routes.length).toBeGreaterThan(40);

    const problems: string[] = [];
    const answers = { accepted: 0, invalid: 0 };
    let last = await fingerprint();
    for (const route of routes) {
      const [method, path] = route.split(' ') as [string, string];
      const url = path
        .replace(/^\/api\/v1\/integrations\/:id/, `/api/v1/integrations/${integration.id}`)
        .replace(/^\/api\/v1\/people\/:id/, `/api/v1/people/${person.id}`)
        .replace(/:action/, 'suspend')
        .replace(/:token/, 'made-up-token')
        .replace(/:provider/, 'github')
        .replace(/:\w+/g, () => randomUUID());
      const schema = t.app.routeSchemas.get(route)?.body;
      const headers =
        path.startsWith('/api/v1/presence') || path.startsWith('/api/v1/events') || path.startsWith('/api/v1/activate')
          ? bearer(apiKey)
          : {};
      const cookie = path.startsWith('/api/v1/superadmin')
        ? operatorCookie
        : path.startsWith('/auth')
          ? undefined
          : managerCookie;
      await fc.assert(
        fc.asyncProperty(hostileArbitraryOf(schema), async (body) => {
          const res = await client(
            t.app,
            cookie,
          )({
            method: method as 'POST',
            url,
            headers,
            remoteAddress: `10.${randomBytes(3).join('.')}`,
            body: body === undefined ? {} : (body as object),
          });
          const where = `${route} with ${JSON.stringify(body)?.slice(0, 300)}`;
          if (res.statusCode < 300) answers.accepted += 1;
          if (res.statusCode === 400) answers.invalid += 1;
          if (res.statusCode >= 500) problems.push(`${where}: ${res.statusCode} ${res.body.slice(0, 200)}`);
          if (res.statusCode === 400) {
            const fields = ((res.json().details ?? []) as { field: string }[]).map((d) => d.field);
            if (fields.length === 0) problems.push(`${where}: 400 without a field: ${res.body.slice(0, 200)}`);
            if (new Set(fields).size !== fields.length) problems.push(`${where}: a field named twice: ${fields}`);
          }
          if (path.startsWith('/api/v1/presence')) await t.deps.presence.settled();
          const now = await fingerprint();
          if (res.statusCode >= 400 && now !== last)
            problems.push(`${where}: refused with ${res.statusCode} yet changed data`);
          last = now;
        }),
        { numRuns: RUNS, seed: 16 },
      );
    }
    expect(problems).toEqual([]);
    // The bodies reached both sides of the contract: some were stored, many refused.
    expect(answers.accepted).toBeGreaterThan(10);
    expect(answers.invalid).toBeGreaterThan(routes.length);
  }, 600_000);
});
