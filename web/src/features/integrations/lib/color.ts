import { COLOR_PATTERN } from '@overlap/contract/integrations';
import { PERSON_COLORS } from '../../../lib/person-colors';

/** A 3- or 6-digit hex colour with a leading # (spec 001 §5). */
export const isValidColor = (value: string): boolean => COLOR_PATTERN.test(value.trim());

/** The integration's stored colour, or a stable preset picked from its id. */
export function integrationColor(integration: { id: string; config: Record<string, unknown> }): string {
  const stored = integration.config.color;
  if (typeof stored === 'string' && COLOR_PATTERN.test(stored)) return stored;
  let hash = 0;
  for (const char of integration.id) hash = (hash * 31 + char.charCodeAt(0)) >>> 0;
  return PERSON_COLORS[hash % PERSON_COLORS.length] as string;
}

/** Normalises what a user typed into a hex value: adds the leading # and lowercases. */
export function normaliseHex(input: string): string {
  const trimmed = input.trim().toLowerCase();
  return trimmed.startsWith('#') ? trimmed : `#${trimmed}`;
}
