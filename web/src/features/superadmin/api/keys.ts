import type { AccountStatus } from '@overlap/contract/auth';
import type { BillingFilter } from '@overlap/contract/superadmin';

export interface AccountListParams {
  page: number;
  status: AccountStatus | null;
  billingFilter: BillingFilter | null;
  search: string;
}

/** Query keys of the operator console; a change to an account invalidates `operatorKeys.all`. */
export const operatorKeys = {
  all: ['superadmin'] as const,
  accounts: (params: AccountListParams) => ['superadmin', 'accounts', params] as const,
  account: (id: string) => ['superadmin', 'account', id] as const,
  users: (id: string) => ['superadmin', 'account', id, 'users'] as const,
  features: (id: string) => ['superadmin', 'account', id, 'features'] as const,
  services: ['superadmin', 'services'] as const,
  service: (id: string) => ['superadmin', 'services', id] as const,
  serviceIntegrations: (id: string) => ['superadmin', 'services', id, 'integrations'] as const,
  buildInfo: ['superadmin', 'build-info'] as const,
};
