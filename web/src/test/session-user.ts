import type { SessionUser } from '@overlap/contract/auth';

/** The signed-in user of page tests: Dana of the Demo Team, a manager unless `role` says otherwise. */
export const sessionUser = (role: SessionUser['role'] = 'manager'): SessionUser => ({
  id: '00000000-0000-4000-8000-000000000001',
  email: 'dana@example.com',
  role,
  accountId: '00000000-0000-4000-8000-000000000002',
  account: { id: '00000000-0000-4000-8000-000000000002', name: 'Demo Team', status: 'active' },
});
