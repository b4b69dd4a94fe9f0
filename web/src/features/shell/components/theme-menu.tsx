import { Monitor, Moon, Sun } from 'lucide-react';
import { setThemePreference, type ThemePreference, useTheme } from '../../../lib/theme';
import { Tooltip } from '../../../ui/tooltip';

const next: Record<ThemePreference, ThemePreference> = { system: 'light', light: 'dark', dark: 'system' };
const names: Record<ThemePreference, string> = { system: 'System', light: 'Light', dark: 'Dark' };
const icons = { system: Monitor, light: Sun, dark: Moon };

/** The header's theme button: cycles System → Light → Dark; the choice is kept in localStorage. */
export function ThemeMenu() {
  const { preference } = useTheme();
  const Icon = icons[preference];
  const label = `Theme: ${names[preference]} (switch to ${names[next[preference]]})`;
  return (
    <Tooltip content={label}>
      <button
        type="button"
        aria-label={label}
        onClick={() => setThemePreference(next[preference])}
        className="inline-flex size-8 items-center justify-center rounded-md text-muted transition-colors hover:bg-subtle hover:text-fg"
      >
        <Icon className="size-4" aria-hidden="true" />
      </button>
    </Tooltip>
  );
}
