import type { OperatorAccount } from '@overlap/contract/superadmin';
import { StatusBadge } from '../../../../ui/badge';
import { StatCard } from '../../../../ui/card';

/** Status, users, people, unassigned and integrations at a glance. */
export function AccountStats({ account }: { account: OperatorAccount }) {
  return (
    <div className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-5">
      <StatCard label="Status" value={<StatusBadge status={account.status} className="align-middle" />} />
      <StatCard label="Users" value={account.usersCount} />
      <StatCard
        label="People"
        value={account.peopleCount}
        hint={account.maxPeople ? `of ${account.maxPeople}` : 'unlimited'}
      />
      <StatCard label="Unassigned" value={account.unassignedPeopleCount} />
      <StatCard
        label="Integrations"
        value={account.integrationsCount}
        hint={account.maxIntegrations ? `of ${account.maxIntegrations}` : 'unlimited'}
      />
    </div>
  );
}
