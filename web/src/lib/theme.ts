import { useSyncExternalStore } from 'react';

export type ThemePreference = 'system' | 'light' | 'dark';
type ResolvedTheme = 'light' | 'dark';

export const THEME_STORAGE_KEY = 'overlap.theme';
const DARK_QUERY = '(prefers-color-scheme: dark)';
const listeners = new Set<() => void>();

function readPreference(): ThemePreference {
  try {
    const saved = localStorage.getItem(THEME_STORAGE_KEY);
    return saved === 'light' || saved === 'dark' ? saved : 'system';
  } catch {
    return 'system';
  }
}

function systemPrefersDark(): boolean {
  return typeof matchMedia === 'function' && matchMedia(DARK_QUERY).matches;
}

export function resolveTheme(preference: ThemePreference, prefersDark: boolean): ResolvedTheme {
  if (preference === 'system') return prefersDark ? 'dark' : 'light';
  return preference;
}

let preference: ThemePreference = 'system';
let resolved: ResolvedTheme = 'light';

function apply() {
  resolved = resolveTheme(preference, systemPrefersDark());
  const root = document.documentElement;
  root.classList.toggle('dark', resolved === 'dark');
  root.classList.toggle('light', resolved === 'light');
  for (const listener of listeners) listener();
}

/** Reads the saved preference, applies it to <html> and follows system changes. Call once before rendering. */
export function initTheme(): void {
  preference = readPreference();
  apply();
  if (typeof matchMedia === 'function') {
    matchMedia(DARK_QUERY).addEventListener('change', () => {
      if (preference === 'system') apply();
    });
  }
  window.addEventListener('storage', (event) => {
    if (event.key !== THEME_STORAGE_KEY) return;
    preference = readPreference();
    apply();
  });
}

/** Saves the preference ('system' forgets it) and applies it at once. */
export function setThemePreference(next: ThemePreference): void {
  preference = next;
  try {
    if (next === 'system') localStorage.removeItem(THEME_STORAGE_KEY);
    else localStorage.setItem(THEME_STORAGE_KEY, next);
  } catch {
    // Storage can be unavailable (private mode); the choice then lasts for this page only.
  }
  apply();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

const snapshot = () => `${preference}:${resolved}`;

/** The current preference and the theme it resolves to, re-rendering on change. */
export function useTheme(): { preference: ThemePreference; resolved: ResolvedTheme } {
  const value = useSyncExternalStore(subscribe, snapshot, snapshot);
  const [pref, res] = value.split(':') as [ThemePreference, ResolvedTheme];
  return { preference: pref, resolved: res };
}
