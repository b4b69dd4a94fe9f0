import type { PeopleSort } from '@overlap/contract/people';
import { useCallback, useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';

export const PEOPLE_TABS = ['active', 'unassigned', 'ignored'] as const;
export type PeopleTab = (typeof PEOPLE_TABS)[number];

const SORTS: readonly string[] = ['name', 'lastSeen', 'created'] satisfies PeopleSort[];
const DEFAULT_SORT: PeopleSort = 'name';

const tabOf = (text: string | null): PeopleTab =>
  PEOPLE_TABS.includes(text as PeopleTab) ? (text as PeopleTab) : 'active';
const sortOf = (text: string | null): PeopleSort =>
  text && SORTS.includes(text) ? (text as PeopleSort) : DEFAULT_SORT;

/**
 * Each tab of the People page keeps its own order. The shown tab's order is in the URL (`?sort=`,
 * absent for the default, by name) next to `?tab=`, so a link or a reload lands on the same list.
 */
export function useTabSorts() {
  const [params, setParams] = useSearchParams();
  const tab = tabOf(params.get('tab'));
  const [sorts, setSorts] = useState<Record<PeopleTab, PeopleSort>>(() => ({
    active: DEFAULT_SORT,
    unassigned: DEFAULT_SORT,
    ignored: DEFAULT_SORT,
    [tab]: sortOf(params.get('sort')),
  }));
  const sort = sorts[tab];
  const inUrl = params.get('sort');

  useEffect(() => {
    const wanted = sort === DEFAULT_SORT ? null : sort;
    if (inUrl === wanted) return;
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (wanted) next.set('sort', wanted);
        else next.delete('sort');
        return next;
      },
      { replace: true, preventScrollReset: true },
    );
  }, [sort, inUrl, setParams]);

  const setSort = useCallback((next: PeopleSort) => setSorts((current) => ({ ...current, [tab]: next })), [tab]);
  return { tab, sort, sorts, setSort };
}
