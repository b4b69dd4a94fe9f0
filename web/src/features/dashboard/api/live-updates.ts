import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { apiPaths } from '../../../api/paths';
import { refreshActivityViews } from '../../../api/query-keys';

/**
 * Listens to the account's server-sent events and refetches the activity views on each change.
 * Without EventSource, or when the stream fails, the 30-second refetch carries on alone.
 */
export function useLiveUpdates(enabled = true): void {
  const queryClient = useQueryClient();
  useEffect(() => {
    if (!enabled || typeof EventSource !== 'function') return;
    let source: EventSource | null = new EventSource(apiPaths.activity.stream, { withCredentials: true });
    let pending: ReturnType<typeof setTimeout> | undefined;
    const refresh = () => {
      // Bursts of presence (one per person) collapse into one refetch.
      clearTimeout(pending);
      pending = setTimeout(() => void refreshActivityViews(queryClient), 250);
    };
    source.addEventListener('change', refresh);
    source.addEventListener('message', refresh);
    source.addEventListener('error', () => {
      if (source?.readyState === EventSource.CLOSED) source = null;
    });
    return () => {
      clearTimeout(pending);
      source?.close();
    };
  }, [enabled, queryClient]);
}
