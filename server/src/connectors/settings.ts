import type { ConnectorContext } from './types.ts';

/** A connector's state from the previous poll as an object ({} at first). */
export const previousState = <T>(ctx: Pick<ConnectorContext, 'integration'>): Partial<T> =>
  (ctx.integration.state && typeof ctx.integration.state === 'object' ? ctx.integration.state : {}) as Partial<T>;

/** A text setting, trimmed; null when empty or not text. */
export function textSetting(value: unknown): string | null {
  return typeof value === 'string' && value.trim() !== '' ? value.trim() : null;
}

/** A comma-separated setting as a list ("acme, acme-labs" -> ["acme", "acme-labs"]). */
export function listSetting(value: unknown): string[] {
  const text = textSetting(value);
  return text
    ? text
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean)
    : [];
}
