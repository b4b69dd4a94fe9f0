/** One external collaborator of a document, as spec 000 §3 lists them. */
export interface Collaborator {
  displayName?: string;
  emailAddress?: string;
  role: string;
}

export const domainOf = (email: string | null | undefined): string => email?.split('@')[1]?.trim().toLowerCase() ?? '';

/** An address outside every internal domain (an address without a domain is not judged external). */
export function isExternal(email: string, internalDomains: readonly string[]): boolean {
  const domain = domainOf(email);
  return domain !== '' && internalDomains.length > 0 && !internalDomains.includes(domain);
}

/** `internalDomains` setting: comma-separated domains, lower case. */
export function parseDomains(value: unknown): string[] {
  if (typeof value !== 'string') return [];
  return value
    .split(',')
    .map((d) => d.trim().toLowerCase().replace(/^@/, ''))
    .filter(Boolean);
}

/** Google's error bodies: `{ error: { code, message, status } }` or the OAuth `{ error, error_description }`. */
export function googleMessageOf(body: unknown): string | null {
  const b = body as { error?: unknown; error_description?: unknown } | null;
  if (b?.error && typeof b.error === 'object') {
    const message = (b.error as { message?: unknown }).message;
    return typeof message === 'string' ? message : null;
  }
  if (typeof b?.error_description === 'string') return b.error_description;
  return typeof b?.error === 'string' ? b.error : null;
}
