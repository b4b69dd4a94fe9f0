import { describe, expect, it } from 'vitest';
import { hashString, initialsOf, isHexColor, PERSON_COLORS, personColor, readableTextOn } from './person-colors';

describe('personColor', () => {
  it('has 20 distinct palette colours', () => {
    expect(PERSON_COLORS).toHaveLength(20);
    expect(new Set(PERSON_COLORS).size).toBe(20);
    expect(PERSON_COLORS.every(isHexColor)).toBe(true);
  });

  it("uses the person's own colour when it is a hex colour", () => {
    expect(personColor({ id: 'x', color: '#123abc' })).toBe('#123abc');
    expect(personColor({ id: 'x', color: '#fff' })).toBe('#fff');
  });

  it('otherwise picks a palette colour by hashing the id, stable across calls', () => {
    const a = personColor({ id: '7d1c5a52-0f5e-4d8e-9b7e-2a4b9c1d3e4f' });
    expect(PERSON_COLORS).toContain(a);
    expect(personColor({ id: '7d1c5a52-0f5e-4d8e-9b7e-2a4b9c1d3e4f', color: null })).toBe(a);
    expect(personColor({ id: 'abc', color: 'red' })).toBe(PERSON_COLORS[hashString('abc') % 20]);
  });

  it('spreads ids over the palette', () => {
    const used = new Set(Array.from({ length: 200 }, (_, i) => personColor({ id: `person-${i}` })));
    expect(used.size).toBeGreaterThan(15);
  });
});

describe('helpers', () => {
  it('isHexColor accepts #rgb and #rrggbb only', () => {
    expect(isHexColor('#abc')).toBe(true);
    expect(isHexColor('#A1B2C3')).toBe(true);
    expect(isHexColor('abc')).toBe(false);
    expect(isHexColor('#abcd')).toBe(false);
    expect(isHexColor(undefined)).toBe(false);
  });

  it('initialsOf uses the name, else the e-mail', () => {
    expect(initialsOf('Ana Silva')).toBe('AS');
    expect(initialsOf('Mary Jane Watson')).toBe('MW');
    expect(initialsOf('Kenji')).toBe('KE');
    expect(initialsOf('', 'leo.fischer@example.com')).toBe('LF');
    expect(initialsOf(null, null)).toBe('?');
  });

  it('readableTextOn picks dark text on light colours and white on dark ones', () => {
    expect(readableTextOn('#eab308')).toBe('#18181b');
    expect(readableTextOn('#1e1b4b')).toBe('#ffffff');
  });
});
