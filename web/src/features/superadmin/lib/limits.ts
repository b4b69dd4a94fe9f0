import type { InlineValue } from '../../../ui/inline-field';

export const LIMIT_MESSAGE = 'Must be a positive number or empty for unlimited';
export const INTERVAL_REQUIRED = 'Integration interval is required';
export const INTERVAL_MESSAGE = 'Must be a positive number (minimum 1 minute)';

/** Max People and Max Integrations: empty means unlimited; otherwise a whole number of at least 0. */
export function limitProblem(value: InlineValue): string | null {
  if (value === null) return null;
  return typeof value === 'number' && Number.isInteger(value) && value >= 0 ? null : LIMIT_MESSAGE;
}

/** Integration interval: required, a whole number of minutes from 1. */
export function intervalProblem(value: InlineValue): string | null {
  if (value === null) return INTERVAL_REQUIRED;
  return typeof value === 'number' && Number.isInteger(value) && value >= 1 ? null : INTERVAL_MESSAGE;
}
