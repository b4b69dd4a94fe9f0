import { useEffect } from 'react';
import { useSystemInfo } from '../api/session';
import { startErrorTracking } from '../lib/error-tracking';

/** Starts browser error reporting once the system info says where to (nothing without a DSN). */
export function ErrorTracking() {
  const settings = useSystemInfo().data?.errorTracking;
  useEffect(() => {
    void startErrorTracking(settings);
  }, [settings]);
  return null;
}
