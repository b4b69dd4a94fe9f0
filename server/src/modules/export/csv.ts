/** Characters a spreadsheet reads as the start of a formula (plus tab and carriage return, OWASP). */
const FORMULA_START = /^[=+\-@\t\r]/;

/**
 * One CSV field per RFC 4180: quoted (inner quotes doubled) when it holds a comma, a quote or a line
 * break. Text starting with =, +, -, @, tab or CR gets a leading apostrophe first, so a spreadsheet
 * shows it as text instead of running it as a formula. Numbers are written as they are.
 */
export function csvField(value: string | number | null | undefined): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'number') return String(value);
  const text = FORMULA_START.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/** One CSV record, CRLF-terminated. */
export const csvRecord = (values: readonly (string | number | null | undefined)[]): string =>
  `${values.map(csvField).join(',')}\r\n`;
