import type { PersonBlock } from './queries.ts';

const SPACE = 32;
const MINUS = 45;
const DOT = 46;
const ZERO = 48;
const NINE = 57;
const POWERS_OF_TEN = [1, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10, 1e11, 1e12, 1e13, 1e14, 1e15];

/**
 * The blocks of a person's span text ('start end start end ...', epoch ms as `float8` text, '-' for
 * the end of an ongoing block), read character by character: no `split`, no substring per number
 * (500 people's texts made ~35,000 short-lived strings per request). A number of at most 2^53 - 1
 * digits with at most 15 after the point is its digits divided by a power of ten: both exact, so
 * the one rounding gives what `Number` gives; anything else (an exponent, a sign) goes to `Number`.
 */
export function parseSpanText(text: string): PersonBlock[] {
  const spans: PersonBlock[] = [];
  const length = text.length;
  let start = 0;
  let isEnd = false;
  let i = 0;
  while (i < length) {
    const from = i;
    let digits = 0;
    let mantissa = 0;
    let fraction = -1;
    let plain = true;
    for (; i < length; i++) {
      const code = text.charCodeAt(i);
      if (code === SPACE) break;
      if (code >= ZERO && code <= NINE) {
        mantissa = mantissa * 10 + (code - ZERO);
        digits++;
        if (fraction >= 0) fraction++;
      } else if (code === DOT && fraction < 0) fraction = 0;
      else plain = false;
    }
    let value: number | null;
    if (i - from === 1 && text.charCodeAt(from) === MINUS) value = null;
    else if (plain && digits > 0 && mantissa <= Number.MAX_SAFE_INTEGER && fraction < POWERS_OF_TEN.length)
      value = fraction > 0 ? mantissa / (POWERS_OF_TEN[fraction] as number) : mantissa;
    else value = Number(text.slice(from, i));
    if (isEnd) spans.push({ start, end: value });
    else start = value ?? Number.NaN;
    isEnd = !isEnd;
    i++;
  }
  return spans;
}
