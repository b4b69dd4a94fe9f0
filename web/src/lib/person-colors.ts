/** The 20 colours a person (or an integration) can carry. Order matters: the hash indexes into it. */
export const PERSON_COLORS = [
  '#ef4444',
  '#f97316',
  '#f59e0b',
  '#eab308',
  '#84cc16',
  '#22c55e',
  '#10b981',
  '#14b8a6',
  '#06b6d4',
  '#0ea5e9',
  '#3b82f6',
  '#6366f1',
  '#8b5cf6',
  '#a855f7',
  '#d946ef',
  '#ec4899',
  '#f43f5e',
  '#78716c',
  '#64748b',
  '#0f766e',
] as const;

const HEX = /^#(?:[0-9a-f]{3}|[0-9a-f]{6})$/i;

/** True for a 3- or 6-digit hex colour with a leading '#'. */
export const isHexColor = (value: unknown): value is string => typeof value === 'string' && HEX.test(value);

/** A stable, non-negative 32-bit hash of a string. */
export function hashString(value: string): number {
  let hash = 0;
  for (let i = 0; i < value.length; i++) hash = (Math.imul(hash, 31) + value.charCodeAt(i)) | 0;
  return hash >>> 0;
}

/** A person's colour: their own when it is a valid hex colour, else one of the palette picked by hashing the id. */
export function personColor(person: { id: string | number; color?: string | null }): string {
  if (isHexColor(person.color)) return person.color;
  return PERSON_COLORS[hashString(String(person.id)) % PERSON_COLORS.length] as string;
}

/** Black or white, whichever reads better on the given hex background. */
export function readableTextOn(hex: string): '#ffffff' | '#18181b' {
  const full =
    hex.length === 4
      ? hex
          .slice(1)
          .split('')
          .map((c) => c + c)
          .join('')
      : hex.slice(1);
  const n = Number.parseInt(full, 16);
  const [r, g, b] = [(n >> 16) & 255, (n >> 8) & 255, n & 255].map((c) => {
    const s = c / 255;
    return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  }) as [number, number, number];
  const luminance = 0.2126 * r + 0.7152 * g + 0.0722 * b;
  // The text colour with the higher WCAG contrast: dark wins above a relative luminance of about 0.2.
  return luminance > 0.2 ? '#18181b' : '#ffffff';
}

/** Up to two initials from a name, else from the part of an e-mail before '@'. */
export function initialsOf(name?: string | null, email?: string | null): string {
  const source = (name ?? '').trim() || (email ?? '').split('@')[0]?.trim() || '';
  const words = source.split(/[\s._-]+/).filter(Boolean);
  if (words.length === 0) return '?';
  const first = words[0]?.[0] ?? '';
  const last = words.length > 1 ? (words[words.length - 1]?.[0] ?? '') : (words[0]?.[1] ?? '');
  return (first + last).toUpperCase();
}
