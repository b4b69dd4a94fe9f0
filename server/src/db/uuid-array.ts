import { sql } from 'drizzle-orm';

/**
 * A PostgreSQL array literal of values that never need quoting (uuids, numbers, ISO instants), built
 * in one join instead of the driver's element-by-element escaping.
 */
export function arrayLiteral(values: readonly (string | number)[]): string {
  return `{${values.join(',')}}`;
}

/** A uuid[] parameter (ids come from the database or from validated input). */
export const uuidArray = (ids: readonly string[]) => sql`${arrayLiteral(ids)}::uuid[]`;
