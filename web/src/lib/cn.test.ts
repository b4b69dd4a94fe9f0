import { describe, expect, it } from 'vitest';
import { cn } from './cn';

describe('cn', () => {
  it('joins truthy class names and flattens arrays', () => {
    expect(cn('a', false, null, undefined, '', 'b', ['c', [false, 'd']], true)).toBe('a b c d');
    expect(cn()).toBe('');
  });
});
