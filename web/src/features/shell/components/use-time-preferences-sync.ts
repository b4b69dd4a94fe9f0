import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { myInfoQuery } from '../../../api/preferences';
import { setTimePreferences } from '../../../lib/format-time';

/** Applies the user's 12/24-hour and timezone choice to every time the app prints (signed-in pages). */
export function useTimePreferencesSync(enabled: boolean) {
  const me = useQuery({ ...myInfoQuery, enabled });
  const timeFormat = me.data?.timeFormat;
  const timeZone = me.data?.timeZone;
  useEffect(() => {
    if (timeFormat === undefined || timeZone === undefined) return;
    setTimePreferences({ timeFormat, timeZone });
  }, [timeFormat, timeZone]);
}
