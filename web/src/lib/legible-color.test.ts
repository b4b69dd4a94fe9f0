import { describe, expect, it } from 'vitest';
import { legiblePair } from './legible-color';
import { PERSON_COLORS } from './person-colors';

const lum = (hex: string) => {
  const n = Number.parseInt(hex.slice(1), 16);
  const ch = (c: number) => (c / 255 <= 0.03928 ? c / 255 / 12.92 : ((c / 255 + 0.055) / 1.055) ** 2.4);
  return 0.2126 * ch((n >> 16) & 255) + 0.7152 * ch((n >> 8) & 255) + 0.0722 * ch(n & 255);
};
const contrast = (a: string, b: string) => {
  const [x, y] = [lum(a), lum(b)].sort((p, q) => q - p) as [number, number];
  return (x + 0.05) / (y + 0.05);
};

describe('legible avatar colours', () => {
  it('give every palette colour text with at least 4.5:1 contrast', () => {
    for (const color of PERSON_COLORS) {
      const { background, text } = legiblePair(color);
      expect(contrast(background, text)).toBeGreaterThanOrEqual(4.5);
    }
  });

  it('keep colours that already pass', () => {
    expect(legiblePair('#eab308')).toEqual({ background: '#eab308', text: '#18181b' });
    expect(legiblePair('#1e1b4b')).toEqual({ background: '#1e1b4b', text: '#ffffff' });
  });
});
