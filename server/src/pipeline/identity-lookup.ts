import type pg from 'pg';
import type { PersonStatus } from '../db/schema/activity.ts';
import { type Batcher, batcherPerOwner } from './group-batcher.ts';

/** A known identity as the lookup finds it. */
export interface KnownIdentityRow extends Record<string, unknown> {
  pi_id: string;
  external_id: string;
  person_id: string;
  status: PersonStatus;
  timezone_manual: string | null;
  timezone_automatic: string | null;
}

export interface IdentityQuestion {
  integrationId: string;
  identifiers: string[];
}

/**
 * The known identities asked by a whole group of concurrent pushes, in one prepared statement
 * (its text never changes): each identifier carries the number of the push that asked for it.
 */
const LOOKUP_SQL = `
select r.n, pi.id as pi_id, pi.external_id, pi.person_id, p.status, p.timezone_manual, p.timezone_automatic
  from unnest($1::int[], $2::uuid[], $3::text[]) as r(n, i, e)
  join person_integrations pi on pi.integration_id = r.i and pi.external_id = r.e
  join people p on p.id = pi.person_id`;

export async function lookUpKnownIdentities(
  pool: pg.Pool,
  questions: IdentityQuestion[],
): Promise<KnownIdentityRow[][]> {
  const numbers: number[] = [];
  const integrations: string[] = [];
  const identifiers: string[] = [];
  questions.forEach((q, n) => {
    for (const e of q.identifiers) {
      numbers.push(n);
      integrations.push(q.integrationId);
      identifiers.push(e);
    }
  });
  const answers: KnownIdentityRow[][] = questions.map(() => []);
  if (identifiers.length === 0) return answers;
  const result = await pool.query<KnownIdentityRow & { n: number }>({
    name: 'known_identities_group',
    text: LOOKUP_SQL,
    values: [numbers, integrations, identifiers],
  });
  for (const { n, ...row } of result.rows) answers[n]?.push(row);
  return answers;
}

/**
 * The identity lookups of concurrent pushes of this process, one statement per group (no lock:
 * for callers that leave the refresh of the identities to the presence pump).
 */
export const knownIdentityLookup: (pool: pg.Pool) => Batcher<IdentityQuestion, KnownIdentityRow[]> = batcherPerOwner(
  (pool: pg.Pool) => ({
    run: (questions) => lookUpKnownIdentities(pool, questions),
    rows: (q) => q.identifiers.length,
    maxItems: 64,
    maxRows: 20_000,
    windowMs: 0,
    maxInFlight: 2,
  }),
);
