import { describe, expect, it } from 'vitest';
import { parseSpanText } from './span-text.ts';

/** How the span text was read before: split on spaces, then `Number` of each part. */
function parseBySplit(text: string) {
  const parts = text.split(' ');
  const spans: { start: number; end: number | null }[] = [];
  for (let i = 0; i + 1 < parts.length; i += 2) {
    const end = parts[i + 1] as string;
    spans.push({ start: Number(parts[i]), end: end === '-' ? null : Number(end) });
  }
  return spans;
}

describe('parseSpanText', () => {
  it('reads starts, ends and ongoing ends as the text lists them', () => {
    expect(parseSpanText('1700000000000 1700000600000 1700001000000 -')).toEqual([
      { start: 1_700_000_000_000, end: 1_700_000_600_000 },
      { start: 1_700_001_000_000, end: null },
    ]);
    expect(parseSpanText('')).toEqual([]);
    expect(parseSpanText('0 1')).toEqual([{ start: 0, end: 1 }]);
    // float8 text: a fraction of a millisecond, an exponent
    expect(parseSpanText('1795507555496.561 1795507555500 1e+22 -')).toEqual([
      { start: 1_795_507_555_496.561, end: 1_795_507_555_500 },
      { start: 1e22, end: null },
    ]);
    expect(parseSpanText('0.1 .5 -3 1.')).toEqual([
      { start: 0.1, end: 0.5 },
      { start: -3, end: 1 },
    ]);
  });

  it('reads random texts as splitting them on spaces does', () => {
    let seed = 15;
    const random = () => {
      seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648;
      return seed / 2_147_483_648;
    };
    for (let round = 0; round < 200; round++) {
      const parts: string[] = [];
      const count = Math.floor(random() * 40);
      let t = 1_600_000_000_000 + Math.floor(random() * 200_000_000_000);
      for (let i = 0; i < count; i++) {
        const start = random() < 0.1 ? t + Math.floor(random() * 1000) / 1000 : t;
        t += Math.floor(random() * 10_000_000);
        parts.push(String(start), random() < 0.05 ? '-' : String(random() < 0.1 ? t + random() : t));
        t += Math.floor(random() * 10_000_000);
      }
      const text = parts.join(' ');
      expect(parseSpanText(text)).toEqual(parseBySplit(text));
    }
  });
});
