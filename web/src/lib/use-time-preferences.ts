import { useSyncExternalStore } from 'react';
import { subscribeTimePreferences, type TimePreferences, timePreferences } from './format-time';

/** The time preferences in force; the component re-renders when they change. */
export const useTimePreferences = (): TimePreferences =>
  useSyncExternalStore(subscribeTimePreferences, timePreferences, timePreferences);
