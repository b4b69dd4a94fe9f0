import type { PolledPresence } from '../connectors/types.ts';
import type { DbOrTx } from '../db/client.ts';
import { applyPresenceSamples, type PresenceSampleInput } from '../engine/apply-presence.ts';
import { ACTIVE_STATUSES } from '../engine/blocks.ts';
import { resolveIdentities } from './identity.ts';
import type { RunRecorder } from './run-recorder.ts';

/** Samples of a poll through identities and the block engine; people who are ignored are skipped. */
export async function applyPolledPresence(
  tx: DbOrTx,
  integration: { id: string; accountId: string },
  presence: PolledPresence[],
  stepMinutes: number,
  run?: RunRecorder,
  now?: Date,
): Promise<{ samples: number; skipped: number }> {
  if (presence.length === 0) return { samples: 0, skipped: 0 };
  const latest = new Map<string, PolledPresence>();
  for (const p of presence) {
    const prev = latest.get(p.personIdentifier);
    if (!prev || p.at >= prev.at) latest.set(p.personIdentifier, p);
  }
  const identities = await resolveIdentities(
    tx,
    integration,
    [...latest.values()].map((p) => ({
      personIdentifier: p.personIdentifier,
      name: p.name,
      email: p.email,
      timezone: p.timezone,
      status: p.status,
      isOnline: ACTIVE_STATUSES.has(p.status),
      seenAt: p.at,
    })),
  );
  const created = [...identities.values()].filter((i) => i.created).length;
  run?.debug('person_lookup', { identities: identities.size, known: identities.size - created, created });
  const samples: PresenceSampleInput[] = [];
  let skipped = 0;
  for (const p of presence) {
    const identity = identities.get(p.personIdentifier);
    if (!identity) throw new Error(`identity of ${p.personIdentifier} was not resolved`);
    if (identity.created) run?.debug('person_created', { personIdentifier: p.personIdentifier });
    if (identity.personStatus === 'ignored') {
      skipped++;
      continue;
    }
    samples.push({
      personIntegrationId: identity.personIntegrationId,
      personId: identity.personId,
      at: p.at,
      status: p.status,
      timezone: identity.timezone,
    });
  }
  if (skipped > 0) run?.debug('event_skipped', { reason: 'ignored', samples: skipped });
  await applyPresenceSamples(tx, {
    accountId: integration.accountId,
    integrationId: integration.id,
    stepMinutes,
    samples,
    now,
  });
  return { samples: samples.length, skipped };
}
