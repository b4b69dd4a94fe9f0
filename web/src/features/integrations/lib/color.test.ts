import { describe, expect, it } from 'vitest';
import { PERSON_COLORS } from '../../../lib/person-colors';
import { integrationColor, isValidColor, normaliseHex } from './color';

describe('isValidColor', () => {
  it('accepts 3- and 6-digit hex with a leading #', () => {
    expect(isValidColor('#abc')).toBe(true);
    expect(isValidColor('#A1B2C3')).toBe(true);
  });
  it('refuses anything else', () => {
    for (const bad of ['abc', '#abcd', '#ggg', '#12345', 'red', '', '#1234567']) expect(isValidColor(bad)).toBe(false);
  });
});

describe('normaliseHex', () => {
  it('adds the # and lowercases', () => {
    expect(normaliseHex(' A1B2C3 ')).toBe('#a1b2c3');
    expect(normaliseHex('#FFF')).toBe('#fff');
  });
});

describe('integrationColor', () => {
  it('uses the stored colour', () => {
    expect(integrationColor({ id: 'x', config: { color: '#123456' } })).toBe('#123456');
  });
  it('falls back to a stable preset for a missing or invalid colour', () => {
    const a = integrationColor({ id: '4f1c0a9e-1', config: {} });
    expect(PERSON_COLORS).toContain(a);
    expect(integrationColor({ id: '4f1c0a9e-1', config: { color: 'nope' } })).toBe(a);
  });
});
