import { useTimePreferences } from '../../../lib/use-time-preferences';
import { Tabs } from '../../../ui/tabs';
import { AccountsTab } from '../components/accounts-tab';
import { BuildInfoFooter } from '../components/build-info-footer';
import { ServicesTab } from '../components/services-tab';
import { SystemTab } from '../components/system-tab';

/** /superadmin: accounts (default), services and system, bound to ?tab=. */
export default function SuperadminPage() {
  // Every time on the page follows a new 12/24-hour or timezone setting at once.
  useTimePreferences();
  const items = [
    { value: 'accounts', label: 'Accounts', content: <AccountsTab /> },
    { value: 'services', label: 'Services', content: <ServicesTab /> },
    { value: 'system', label: 'System', content: <SystemTab /> },
  ];
  return (
    <div className="mx-auto flex w-full max-w-screen-2xl flex-col gap-6 px-4 py-8 sm:px-6">
      <div>
        <h1 className="text-2xl font-semibold tracking-tight">Super Admin</h1>
        <p className="text-sm text-muted">Every account, the service catalogue and the system.</p>
      </div>
      <Tabs items={items} defaultValue="accounts" aria-label="Console sections" />
      <BuildInfoFooter />
    </div>
  );
}
