import { useCallback, useEffect, useState } from 'react';
import { type DateKey, parseHashDate } from './view-date';

/**
 * The viewed day from the URL hash (#YYYY-MM-DD); null when there is none (today) or it is invalid.
 * Follows hashchange, and writes the hash when the picker moves.
 */
export function useViewDate(): [DateKey | null, (next: DateKey | null) => void] {
  const [date, setDate] = useState<DateKey | null>(() => parseHashDate(window.location.hash));

  useEffect(() => {
    const onHash = () => setDate(parseHashDate(window.location.hash));
    window.addEventListener('hashchange', onHash);
    window.addEventListener('popstate', onHash);
    return () => {
      window.removeEventListener('hashchange', onHash);
      window.removeEventListener('popstate', onHash);
    };
  }, []);

  const go = useCallback((next: DateKey | null) => {
    const { pathname, search } = window.location;
    const url = next ? `${pathname}${search}#${next}` : `${pathname}${search}`;
    window.history.pushState(window.history.state, '', url);
    setDate(next);
  }, []);

  return [date, go];
}
