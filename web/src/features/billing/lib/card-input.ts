/** '4242424242424242' -> '4242 4242 4242 4242' while typing (at most 19 digits). */
export function formatCardNumber(value: string): string {
  return value
    .replace(/\D/g, '')
    .slice(0, 19)
    .replace(/(\d{4})(?=\d)/g, '$1 ');
}

/** '1240' -> '12 / 40' while typing. */
export function formatExpiry(value: string): string {
  const digits = value.replace(/\D/g, '').slice(0, 4);
  return digits.length > 2 ? `${digits.slice(0, 2)} / ${digits.slice(2)}` : digits;
}

/** The server's field errors (`details`) by field name. */
export function fieldErrors(body: unknown): Record<string, string> {
  const details = (body as { details?: { field: string; message: string }[] } | undefined)?.details ?? [];
  return Object.fromEntries(details.map((d) => [d.field, d.message]));
}

/** Stripe's test cards, as the test-mode checkout understands them. */
export const TEST_CARDS = [
  { number: '4242 4242 4242 4242', outcome: 'Pays' },
  { number: '4000 0000 0000 0341', outcome: 'Accepted, every later charge fails' },
  { number: '4000 0000 0000 0002', outcome: 'Declined' },
] as const;
