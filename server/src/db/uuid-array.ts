import { sql } from 'drizzle-orm';

/** A uuid[] parameter (ids come from the database or from validated input). */
export const uuidArray = (ids: readonly string[]) => sql`${`{${ids.join(',')}}`}::uuid[]`;
