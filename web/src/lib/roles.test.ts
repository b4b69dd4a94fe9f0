import { describe, expect, it } from 'vitest';
import { canManage } from './roles';

describe('canManage', () => {
  it('is true for managers and superadmins only', () => {
    expect(canManage('manager')).toBe(true);
    expect(canManage('superadmin')).toBe(true);
    expect(canManage('user')).toBe(false);
    expect(canManage(undefined)).toBe(false);
  });
});
