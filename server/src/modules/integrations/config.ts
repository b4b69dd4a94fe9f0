import { COLOR_PATTERN } from '@overlap/contract/integrations';
import { badRequest, type FieldProblem } from '../../core/errors.ts';
import { SILENCE_TIMEOUT_KEY, SILENCE_TIMEOUT_MAX_MINUTES } from '../../engine/step.ts';
import type { SecretBox } from '../../lib/crypto.ts';

/** Settings any integration has, whatever its service's configSchema says. */
const COMMON_KEYS = new Set(['color', 'service_type', SILENCE_TIMEOUT_KEY]);
/** OAuth credentials: stored encrypted, never sent back. */
export const OAUTH_SECRET_KEYS = ['access_token', 'refresh_token', 'id_token', 'bot_token'] as const;

interface SchemaProperty {
  type?: string;
  password?: boolean;
  min?: number;
  max?: number;
  minimum?: number;
  maximum?: number;
  options?: { value: unknown; label?: string }[];
}

function propertiesOf(configSchema: Record<string, unknown>): Record<string, SchemaProperty> {
  const props = configSchema.properties;
  return props && typeof props === 'object' ? (props as Record<string, SchemaProperty>) : {};
}

function problemOf(key: string, value: unknown, prop: SchemaProperty | undefined): string | null {
  if (key === 'color') {
    return typeof value === 'string' && COLOR_PATTERN.test(value) ? null : 'must be a hex colour like #3b82f6 or #38f';
  }
  if (key === 'service_type') {
    return typeof value === 'string' && /^[a-z_]{1,50}$/.test(value) ? null : 'must be a short lowercase name';
  }
  if (key === SILENCE_TIMEOUT_KEY) {
    return typeof value === 'number' && Number.isInteger(value) && value >= 1 && value <= SILENCE_TIMEOUT_MAX_MINUTES
      ? null
      : `must be a whole number of minutes from 1 to ${SILENCE_TIMEOUT_MAX_MINUTES}`;
  }
  if (!prop) return 'is not a setting of this service';
  const type = prop.type ?? 'string';
  if (type === 'select') {
    const allowed = (prop.options ?? []).map((o) => o.value);
    return allowed.includes(value) ? null : `must be one of ${allowed.map(String).join(', ')}`;
  }
  if (type === 'boolean') return typeof value === 'boolean' ? null : 'must be true or false';
  if (type === 'number' || type === 'integer') {
    if (typeof value !== 'number' || !Number.isFinite(value)) return 'must be a number';
    if (type === 'integer' && !Number.isInteger(value)) return 'must be a whole number';
    const min = prop.minimum ?? prop.min;
    const max = prop.maximum ?? prop.max;
    if (min !== undefined && value < min) return `must be at least ${min}`;
    if (max !== undefined && value > max) return `must be at most ${max}`;
    return null;
  }
  if (typeof value !== 'string') return 'must be text';
  return value.length > 2000 ? 'must be at most 2000 characters' : null;
}

export interface ConfigPatch {
  /** Non-secret settings to merge (null removes). */
  publicPatch: Record<string, unknown>;
  /** Password fields to merge into the encrypted secrets (null removes). */
  secretPatch: Record<string, unknown>;
}

/**
 * Checks a config change against the service's configSchema: known keys only, values of the right
 * type, colour as #rgb/#rrggbb. Password fields go to the encrypted secrets. 400 names every bad key.
 */
export function parseConfigPatch(configSchema: Record<string, unknown>, patch: Record<string, unknown>): ConfigPatch {
  const props = propertiesOf(configSchema);
  const problems: FieldProblem[] = [];
  const result: ConfigPatch = { publicPatch: {}, secretPatch: {} };
  for (const [key, value] of Object.entries(patch)) {
    const prop = props[key];
    if (value !== null) {
      const problem = problemOf(key, value, COMMON_KEYS.has(key) ? undefined : prop);
      if (problem) {
        problems.push({ field: `config.${key}`, message: problem });
        continue;
      }
    } else if (!prop && !COMMON_KEYS.has(key)) {
      problems.push({ field: `config.${key}`, message: 'is not a setting of this service' });
      continue;
    }
    if (prop?.password) result.secretPatch[key] = value;
    else result.publicPatch[key] = value;
  }
  if (problems.length > 0) {
    const message =
      problems.length === 1 && problems[0]
        ? `${problems[0].field}: ${problems[0].message}`
        : `${problems.length} settings are not valid: ${problems.map((p) => p.field).join(', ')}`;
    throw badRequest(message, problems);
  }
  return result;
}

export function mergeSettings(base: Record<string, unknown>, patch: Record<string, unknown>): Record<string, unknown> {
  const merged = { ...base };
  for (const [key, value] of Object.entries(patch)) {
    if (value === null) delete merged[key];
    else merged[key] = value;
  }
  return merged;
}

export function readSecrets(secrets: SecretBox, encrypted: string | null): Record<string, unknown> {
  if (!encrypted) return {};
  try {
    return secrets.decryptJson<Record<string, unknown>>(encrypted);
  } catch {
    return {};
  }
}

/** '••••' plus the last 4 characters; short values are fully hidden. */
export function maskSecret(value: unknown): string {
  const text = typeof value === 'string' ? value : JSON.stringify(value);
  return text.length > 8 ? `••••${text.slice(-4)}` : '••••';
}

export function maskSecrets(values: Record<string, unknown>): Record<string, string> {
  const masked: Record<string, string> = {};
  for (const [key, value] of Object.entries(values)) {
    if (value !== null && value !== undefined && value !== '') masked[key] = maskSecret(value);
  }
  return masked;
}
