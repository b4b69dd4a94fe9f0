import type { PersonBlock } from './queries.ts';

const SPACE = 32;
const MINUS = 45;
const ZERO = 48;
const NINE = 57;

/** The number in text[from, to): digit by digit when it is whole digits, else as `Number` reads it (`float8` text can have a fraction). */
function numberAt(text: string, from: number, to: number): number {
  let n = 0;
  for (let i = from; i < to; i++) {
    const code = text.charCodeAt(i);
    if (code < ZERO || code > NINE) return Number(text.slice(from, to));
    n = n * 10 + (code - ZERO);
  }
  return n;
}

/**
 * The blocks of a person's span text ('start end start end ...', epoch ms, '-' for the end of an
 * ongoing block), read character by character: no `split` and, for whole milliseconds, no
 * substring per number (500 people's texts made ~35,000 short-lived strings per request).
 */
export function parseSpanText(text: string): PersonBlock[] {
  const spans: PersonBlock[] = [];
  const length = text.length;
  let start = 0;
  let isEnd = false;
  let i = 0;
  while (i < length) {
    const from = i;
    while (i < length && text.charCodeAt(i) !== SPACE) i++;
    const value = i - from === 1 && text.charCodeAt(from) === MINUS ? null : numberAt(text, from, i);
    if (isEnd) spans.push({ start, end: value });
    else start = value ?? Number.NaN;
    isEnd = !isEnd;
    i++;
  }
  return spans;
}
