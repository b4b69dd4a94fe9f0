import type { PersonBlock } from './queries.ts';

const SPACE = 32;
const MINUS = 45;
const ZERO = 48;

/**
 * The blocks of a person's span text ('start end start end ...', epoch ms, '-' for the end of an
 * ongoing block), read character by character: no `split`, no substring per number (500 people's
 * texts made ~35,000 short-lived strings per request).
 */
export function parseSpanText(text: string): PersonBlock[] {
  const spans: PersonBlock[] = [];
  const length = text.length;
  let i = 0;
  let start = 0;
  let isEnd = false;
  while (i < length) {
    let code = text.charCodeAt(i);
    if (code === SPACE) {
      i++;
      continue;
    }
    let value: number | null;
    const negative = code === MINUS;
    if (negative) {
      i++;
      code = i < length ? text.charCodeAt(i) : SPACE;
    }
    if (negative && code === SPACE) value = null;
    else {
      let n = 0;
      while (i < length && code !== SPACE) {
        n = n * 10 + (code - ZERO);
        code = ++i < length ? text.charCodeAt(i) : SPACE;
      }
      value = negative ? -n : n;
    }
    if (isEnd) spans.push({ start, end: value });
    else start = value ?? Number.NaN;
    isEnd = !isEnd;
  }
  return spans;
}
