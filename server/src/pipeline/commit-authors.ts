import { sql } from 'drizzle-orm';
import type { ProviderEvent as EventInput } from '../connectors/types.ts';
import type { DbOrTx } from '../db/client.ts';

/**
 * Events that name only a username (GitHub deployments name the creator's login) are attributed to
 * the e-mail that username's commits were stored under in the same integration, when there is one,
 * so a developer's deployments and commits are one person.
 */
export async function attributeUsernamesToEmails(
  tx: DbOrTx,
  integrationId: string,
  events: EventInput[],
): Promise<EventInput[]> {
  const usernames = [
    ...new Set(
      events
        .filter((e) => !e.personIdentifier.includes('@') && typeof e.metadata?.authorUsername === 'string')
        .map((e) => e.metadata?.authorUsername as string),
    ),
  ];
  if (usernames.length === 0) return events;
  const known = await tx.execute<{ username: string; email: string }>(sql`
    select distinct on (e.metadata->>'authorUsername') e.metadata->>'authorUsername' as username, pi.external_id as email
      from activity_events e
      join person_integrations pi on pi.id = e.person_integration_id
     where e.integration_id = ${integrationId}
       and e.metadata->>'authorUsername' in (select jsonb_array_elements_text(${JSON.stringify(usernames)}::jsonb))
       and pi.external_id like '%@%'
     order by e.metadata->>'authorUsername', e.timestamp desc`);
  const emailOf = new Map(known.rows.map((r) => [r.username, r.email]));
  return events.map((e) => {
    const email = emailOf.get(e.metadata?.authorUsername as string);
    return email && !e.personIdentifier.includes('@') ? { ...e, personIdentifier: email } : e;
  });
}
