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
