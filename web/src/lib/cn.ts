type ClassValue = string | number | bigint | boolean | null | undefined | ClassValue[];

/** Joins class names, skipping falsy and `true` values and flattening arrays. */
export function cn(...values: ClassValue[]): string {
  const out: string[] = [];
  for (const value of values) {
    if (!value || value === true) continue;
    if (Array.isArray(value)) {
      const nested = cn(...value);
      if (nested) out.push(nested);
    } else {
      out.push(String(value));
    }
  }
  return out.join(' ');
}
