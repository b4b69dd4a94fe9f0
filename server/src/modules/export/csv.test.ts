import { describe, expect, it } from 'vitest';
import { csvField, csvRecord } from './csv.ts';

describe('CSV fields', () => {
  it('leaves plain text and numbers alone and writes nothing for a missing value', () => {
    expect(csvField('Ada Lovelace')).toBe('Ada Lovelace');
    expect(csvField('2025-06-10T09:03:00+02:00')).toBe('2025-06-10T09:03:00+02:00');
    expect(csvField(0)).toBe('0');
    expect(csvField(487)).toBe('487');
    expect(csvField(null)).toBe('');
    expect(csvField(undefined)).toBe('');
    expect(csvField('')).toBe('');
  });

  it('quotes commas, quotes and line breaks (RFC 4180)', () => {
    expect(csvField('Lovelace, Ada')).toBe('"Lovelace, Ada"');
    expect(csvField('Ada "the Countess"')).toBe('"Ada ""the Countess"""');
    expect(csvField('two\nlines')).toBe('"two\nlines"');
    expect(csvField('two\r\nlines')).toBe('"two\r\nlines"');
  });

  it('neutralises text a spreadsheet would run as a formula', () => {
    expect(csvField('=HYPERLINK("http://evil","x")')).toBe('"\'=HYPERLINK(""http://evil"",""x"")"');
    expect(csvField('+1 555 0100')).toBe("'+1 555 0100");
    expect(csvField('-2+3')).toBe("'-2+3");
    expect(csvField('@SUM(A1:A9)')).toBe("'@SUM(A1:A9)");
    expect(csvField('\tcmd')).toBe("'\tcmd");
    expect(csvField('a=b')).toBe('a=b');
  });

  it('joins a record with commas and ends it with CRLF', () => {
    expect(csvRecord(['Ada', '2025-06-10', 'Europe/Berlin', null, null, 0, 0, 0])).toBe(
      'Ada,2025-06-10,Europe/Berlin,,,0,0,0\r\n',
    );
    expect(csvRecord(['=1+1', 'x,y'])).toBe('\'=1+1,"x,y"\r\n');
  });
});
