import { type SQL, sql } from 'drizzle-orm';

/**
 * Joins the events of a person-integration (alias `identity`) to its row (alias `event`) through the
 * person's time index, whose third column is the person-integration: activity_events has no index by
 * person-integration (see its schema), and an event's person is always its person-integration's.
 */
export function eventsOfIdentity(event: string, identity: string): SQL {
  return sql.raw(`${event}.person_id = ${identity}.person_id and ${event}.person_integration_id = ${identity}.id`);
}
