import { describe, expect, it } from 'vitest';
import { safeHref } from './safe-href';

describe('safeHref', () => {
  it.each([
    ['https://git.example.com/acme/app/commit/9f2c1e7', 'https://git.example.com/acme/app/commit/9f2c1e7'],
    ['HTTP://ci.example.com/build/7', 'HTTP://ci.example.com/build/7'],
    ['mailto:ada@example.com', 'mailto:ada@example.com'],
    ['/people/42', '/people/42'],
    ['  /docs  ', '/docs'],
  ])('keeps %s', (raw, expected) => {
    expect(safeHref(raw)).toBe(expected);
  });

  it.each([
    'javascript:alert(1)',
    'JavaScript:alert(1)',
    ' javascript:alert(1)',
    'java\tscript:alert(1)',
    'data:text/html,<script>alert(1)</script>',
    'vbscript:msgbox(1)',
    '//evil.com',
    '/\\evil.com',
    '\\\\evil.com',
    '\\/evil.com',
    '/\t/evil.com',
    'https:/\\evil.com',
    'https://\\evil.com',
    'evil.com',
    '',
    null,
    undefined,
  ])('refuses %j', (raw) => {
    expect(safeHref(raw)).toBeNull();
  });
});
