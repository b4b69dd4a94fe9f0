import { sql } from 'drizzle-orm';
import { DEMO_TEAM } from '../connectors/demo/team.ts';
import type { AppDeps } from '../core/context.ts';
import { computePredictionsForAccount } from '../engine/predictions/job.ts';
import { createDemoIntegration } from '../pipeline/demo-backfill.ts';

/**
 * The seeded demo account's team: a Demo Data integration with 90 days of history, its people
 * demo people (active from the start, outside the plan's people limit) named, coloured and with
 * their timezone, and predictions.
 */
export async function createDemoTeam(deps: AppDeps, accountId: string): Promise<void> {
  const started = performance.now();
  const backfill = await createDemoIntegration(deps, accountId);
  const active = DEMO_TEAM.map((m) => ({
    key: m.key,
    name: m.name,
    email: m.email,
    color: m.color,
    tz: m.timezone,
  }));
  await deps.database.db.execute(sql`
    update people p
       set name = v.name, email = v.email, color = v.color, timezone_manual = v.tz,
           person_identifier = v.key, updated_at = now()
      from jsonb_to_recordset(${JSON.stringify(active)}::jsonb) as v(key text, name text, email text, color text, tz text),
           person_integrations pi
     where pi.integration_id = ${backfill.integrationId} and pi.external_id = v.key and p.id = pi.person_id`);
  const predictions = await computePredictionsForAccount(deps.database.db, accountId);
  console.log(
    `Demo team: ${DEMO_TEAM.length} people, ${backfill.samples} presence samples and ${backfill.events} events ` +
      `backfilled in ${backfill.durationMs} ms; ${predictions.spans} predicted spans; ` +
      `ready in ${Math.round(performance.now() - started)} ms`,
  );
}
