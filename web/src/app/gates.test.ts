import type { SessionUser } from '@overlap/contract/auth';
import { describe, expect, it } from 'vitest';
import { gateRedirect } from './gates';

const user = (
  role: SessionUser['role'] = 'user',
  status: SessionUser['account']['status'] = 'active',
): SessionUser => ({
  id: '00000000-0000-4000-8000-000000000001',
  email: 'a@example.com',
  role,
  accountId: '00000000-0000-4000-8000-000000000002',
  account: { id: '00000000-0000-4000-8000-000000000002', name: 'Team', status },
});
const gate = (path: string, u: SessionUser | null, onboardingNeeded = false, search = '') =>
  gateRedirect({ path, search, user: u, onboardingNeeded });

describe('route gates', () => {
  it('sends visitors without a user to /login, except on public pages', () => {
    expect(gate('/', null)).toBe('/login');
    expect(gate('/people/1/week', null)).toBe('/login');
    for (const p of ['/login', '/signup', '/forgot-password', '/confirm-email', '/set-password', '/reset-password']) {
      expect(gate(p, null)).toBeNull();
    }
    expect(gate('/invitations/abc/accept', null)).toBeNull();
    expect(gate('/accept-invitation/abc', null)).toBeNull();
  });

  it('forces a terminated account to the billing tab of /account', () => {
    expect(gate('/', user('manager', 'terminated'))).toBe('/account?tab=billing');
    expect(gate('/people', user('manager', 'terminated'))).toBe('/account?tab=billing');
    expect(gate('/account', user('manager', 'terminated'), false, '?tab=billing')).toBeNull();
  });

  it('keeps /superadmin for superadmins', () => {
    expect(gate('/superadmin', user('manager'))).toBe('/');
    expect(gate('/superadmin/accounts/1', user('user'))).toBe('/');
    expect(gate('/superadmin', user('superadmin'))).toBeNull();
  });

  it('applies the onboarding gate both ways', () => {
    expect(gate('/', user('manager'), true)).toBe('/onboarding/step1');
    expect(gate('/onboarding/step2', user('manager'), true)).toBeNull();
    expect(gate('/onboarding/step1', user('manager'), false)).toBe('/');
    expect(gate('/onboarding', user('manager'), true)).toBe('/onboarding/step1');
  });

  it('lets the authorization return pages through during onboarding and after it', () => {
    expect(gate('/integrations/slack/callback', user('manager'), true)).toBeNull();
    expect(gate('/integrations/microsoft/callback', user('manager'), false)).toBeNull();
    expect(gate('/integrations/slack/callback', null, true)).toBe('/login');
    expect(gate('/integrations/add', user('manager'), true)).toBe('/onboarding/step1');
  });
});
