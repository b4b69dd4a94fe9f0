import { describe, expect, it } from 'vitest';
import { isValidEmail, passwordChecks, passwordRulesHold, sanitizeCode } from './validation';

describe('auth validation', () => {
  it('checks e-mail addresses after trimming', () => {
    expect(isValidEmail(' ana@acme.io ')).toBe(true);
    expect(isValidEmail('ana@acme')).toBe(false);
    expect(isValidEmail('ana acme.io')).toBe(false);
    expect(isValidEmail('')).toBe(false);
  });

  it('reports each password rule', () => {
    expect(passwordChecks('abc').map((c) => c.ok)).toEqual([false, false, false]);
    expect(passwordChecks('abcdefgh1').map((c) => c.ok)).toEqual([true, true, false]);
    expect(passwordRulesHold('abcdefg1!')).toBe(true);
    expect(passwordRulesHold('abcdef1!')).toBe(true);
    expect(passwordRulesHold('abcde1!')).toBe(false);
  });

  it('keeps six digits of a code', () => {
    expect(sanitizeCode('12a3 45678')).toBe('123456');
  });
});
