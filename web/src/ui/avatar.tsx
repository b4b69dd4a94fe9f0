import { cn } from '../lib/cn';
import { legiblePair } from '../lib/legible-color';
import { initialsOf, personColor } from '../lib/person-colors';

interface AvatarProps {
  name?: string | null;
  email?: string | null;
  /** Used to pick the palette colour when there is no own colour. */
  id?: string | number;
  /** The person's own colour (hex). */
  color?: string | null;
  size?: 'xs' | 'sm' | 'md' | 'lg';
  /** Adds an online (green) or offline (grey) dot. */
  online?: boolean;
  className?: string;
}

const sizes = {
  xs: 'size-5 text-[9px]',
  sm: 'size-6 text-[10px]',
  md: 'size-8 text-xs',
  lg: 'size-10 text-sm',
};

/** Initials on the person's colour. */
export function Avatar({ name, email, id, color, size = 'md', online, className }: AvatarProps) {
  const background = personColor({ id: id ?? name ?? email ?? '', color });
  const label = name || email || 'Unknown';
  return (
    <span className={cn('relative inline-flex shrink-0', className)}>
      <span
        role="img"
        aria-label={label}
        className={cn('inline-flex items-center justify-center rounded-full font-semibold select-none', sizes[size])}
        style={{ backgroundColor: legiblePair(background).background, color: legiblePair(background).text }}
      >
        {initialsOf(name, email)}
      </span>
      {online === undefined ? null : (
        <span
          title={online ? 'Online' : 'Offline'}
          className={cn(
            'absolute -right-0.5 -bottom-0.5 size-2.5 rounded-full ring-2 ring-surface',
            online ? 'bg-emerald-500' : 'bg-zinc-400 dark:bg-zinc-600',
          )}
        />
      )}
    </span>
  );
}
