import { type SQL, sql } from 'drizzle-orm';
import { PLANS } from '../../core/plans.ts';

type PlanNumber = 'peopleLimit' | 'integrationLimit' | 'trackingInterval';

/**
 * The plan catalogue's value of one limit for the plan in `column`, as SQL (`case ... end`). An
 * unknown plan id gets the free plan's value, as `planOf` does.
 */
export function planValueSql(column: SQL, key: PlanNumber): SQL {
  const int = (n: number) => {
    if (!Number.isInteger(n)) throw new Error(`plan ${key} must be an integer`);
    return sql.raw(String(n));
  };
  const branches = Object.values(PLANS).map((p) => sql`when ${p.id}::text then ${int(p[key])}`);
  return sql`(case ${column} ${sql.join(branches, sql` `)} else ${int(PLANS.free[key])} end)`;
}
