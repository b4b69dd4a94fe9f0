import { Monitor, Moon, Sun } from 'lucide-react';
import { cn } from '../lib/cn';
import { setThemePreference, type ThemePreference, useTheme } from '../lib/theme';

const choices: { value: ThemePreference; label: string; Icon: typeof Sun }[] = [
  { value: 'system', label: 'System', Icon: Monitor },
  { value: 'light', label: 'Light', Icon: Sun },
  { value: 'dark', label: 'Dark', Icon: Moon },
];

/** System / Light / Dark as a segmented radio group; the choice is kept in localStorage. */
export function ThemeSwitcher({ className }: { className?: string }) {
  const { preference } = useTheme();
  return (
    <div
      role="radiogroup"
      aria-label="Theme"
      className={cn('grid grid-cols-3 gap-1 rounded-lg bg-subtle p-1', className)}
    >
      {choices.map(({ value, label, Icon }) => {
        const checked = preference === value;
        return (
          // biome-ignore lint/a11y/useSemanticElements: a segmented control reads better than three native radios
          <button
            key={value}
            type="button"
            role="radio"
            aria-checked={checked}
            onClick={() => setThemePreference(value)}
            className={cn(
              'inline-flex h-7 items-center justify-center gap-1.5 rounded-md text-xs font-medium transition-colors',
              checked ? 'bg-surface text-fg shadow-xs ring-1 ring-line' : 'text-muted hover:text-fg',
            )}
          >
            <Icon className="size-3.5" aria-hidden="true" />
            {label}
          </button>
        );
      })}
    </div>
  );
}
