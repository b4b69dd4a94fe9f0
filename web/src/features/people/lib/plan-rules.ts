/** The free plan applies with no plan or the plan 'free'. */
export const isFreePlan = (plan: string | null | undefined): boolean => !plan || plan.toLowerCase() === 'free';

/** Activating is blocked when active people are at or above maxPeople while maxPeople is above 0. */
export const atPeopleLimit = (active: number, maxPeople: number | null | undefined): boolean =>
  (maxPeople ?? 0) > 0 && active >= (maxPeople ?? 0);

/** '{n} people need to be assigned or ignored' (singular for one); null when nobody waits. */
export function needsAssignmentText(n: number): string | null {
  if (n <= 0) return null;
  return n === 1 ? '1 person needs to be assigned or ignored' : `${n} people need to be assigned or ignored`;
}
