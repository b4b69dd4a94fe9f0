/** An account's name, else the first 8 characters of its id, else 'Unknown Account' (spec 001 §2). */
export function displayAccountName(name: string | null | undefined, id: string | null | undefined): string {
  const trimmed = name?.trim();
  if (trimmed) return trimmed;
  if (id) return id.slice(0, 8);
  return 'Unknown Account';
}
