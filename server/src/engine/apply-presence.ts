import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../db/client.ts';
import type { PresenceStatus } from '../db/schema/activity.ts';
import { normaliseSamples, type Sample, STATUS_PRECEDENCE } from './blocks.ts';
import { type RecomputeTarget, recomputeBlocks } from './recompute.ts';

export interface PresenceSampleInput {
  personIntegrationId: string;
  personId: string;
  at: Date;
  status: PresenceStatus;
  timezone: string;
}

export interface ApplyPresenceInput {
  accountId: string;
  integrationId: string;
  stepMinutes: number;
  samples: PresenceSampleInput[];
  now?: Date;
}

const precedenceSql = sql.raw(`array[${STATUS_PRECEDENCE.map((s) => `'${s}'`).join(',')}]::text[]`);

/**
 * Stores samples (duplicates are no-ops), recomputes the blocks of each affected person-integration
 * around the samples' time window (manually edited blocks are left alone), and refreshes rollups.
 * A call costs a fixed handful of queries however many samples it carries: one insert of samples,
 * then recomputeBlocks (one read of nearby blocks, one read of the samples of the affected windows,
 * one delete and one insert of blocks, the set-based rollup refresh).
 */
export async function applyPresenceSamples(
  tx: DbOrTx,
  input: ApplyPresenceInput,
): Promise<{ changedPersonIds: string[] }> {
  if (input.samples.length === 0) return { changedPersonIds: [] };
  const now = (input.now ?? new Date()).getTime();

  const byPi = new Map<string, { personId: string; timezone: string; samples: Sample[] }>();
  for (const s of input.samples) {
    const entry = byPi.get(s.personIntegrationId) ?? { personId: s.personId, timezone: s.timezone, samples: [] };
    entry.samples.push({ at: s.at.getTime(), status: s.status });
    byPi.set(s.personIntegrationId, entry);
  }
  const rows = [...byPi.entries()].flatMap(([pi, e]) => normaliseSamples(e.samples).map((s) => ({ pi, ...s })));

  const changed = await tx.execute<{ pi: string }>(sql`
    insert into presence_samples as ps (person_integration_id, at, status)
    select * from unnest(${`{${rows.map((r) => r.pi).join(',')}}`}::uuid[],
                         ${`{${rows.map((r) => `"${new Date(r.at).toISOString()}"`).join(',')}}`}::timestamptz[],
                         ${`{${rows.map((r) => r.status).join(',')}}`}::text[])
    on conflict (person_integration_id, at) do update set status = excluded.status
      where array_position(${precedenceSql}, excluded.status) < array_position(${precedenceSql}, ps.status)
    returning person_integration_id as pi
  `);
  const changedPis = new Set(changed.rows.map((r) => r.pi));
  if (changedPis.size === 0) return { changedPersonIds: [] };

  const targets: RecomputeTarget[] = [];
  for (const [pi, e] of byPi) {
    if (!changedPis.has(pi)) continue;
    let minAt = Number.POSITIVE_INFINITY;
    let maxAt = Number.NEGATIVE_INFINITY;
    for (const s of e.samples) {
      minAt = Math.min(minAt, s.at);
      maxAt = Math.max(maxAt, s.at);
    }
    targets.push({ personIntegrationId: pi, personId: e.personId, timezone: e.timezone, minAt, maxAt });
  }

  return recomputeBlocks(tx, {
    accountId: input.accountId,
    integrationId: input.integrationId,
    stepMinutes: input.stepMinutes,
    now: new Date(now),
    targets,
  });
}
