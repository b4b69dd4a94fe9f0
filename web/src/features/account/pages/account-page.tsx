import { Link } from 'react-router';
import { useAccount } from '../../../api/account';
import { useSession } from '../../../api/session';
import { canManage } from '../../../lib/roles';
import { useTimePreferences } from '../../../lib/use-time-preferences';
import { Banner } from '../../../ui/banner';
import { InlineField } from '../../../ui/inline-field';
import { Tabs } from '../../../ui/tabs';
import { MaintenanceTab } from '../../maintenance';
import { WebhooksSection } from '../../webhooks';
import { useRenameAccount } from '../api/rename';
import { AuditTab } from '../components/audit-tab';
import { BillingTab } from '../components/billing-tab';
import { IntegrationsTab } from '../components/integrations-tab';
import { SectionNav } from '../components/section-nav';
import { UsersTab } from '../components/users-tab';

const SUSPENDED_MESSAGE = 'Your account has been suspended. Please visit your account settings to resolve this issue.';

/** /account: integrations (default), users, billing, maintenance and (managers) webhooks and audit tabs, bound to ?tab=. */
export default function AccountPage() {
  // Every time on the page follows a new 12/24-hour or timezone setting at once.
  useTimePreferences();
  const session = useSession();
  const account = useAccount();
  const terminated = (account.data?.status ?? session.data?.account.status) === 'terminated';
  const name = account.data?.name ?? session.data?.account.name ?? '';
  const manages = canManage(session.data?.role);
  const rename = useRenameAccount();

  const items = [
    { value: 'integrations', label: 'Integrations', content: <IntegrationsTab />, disabled: terminated },
    { value: 'users', label: 'Users', content: <UsersTab />, disabled: terminated },
    { value: 'billing', label: 'Billing', content: <BillingTab /> },
    { value: 'maintenance', label: 'Maintenance', content: <MaintenanceTab />, disabled: terminated },
    ...(manages
      ? [
          { value: 'webhooks', label: 'Webhooks', content: <WebhooksSection />, disabled: terminated },
          { value: 'audit', label: 'Audit', content: <AuditTab />, disabled: terminated },
        ]
      : []),
  ];

  return (
    <div className="mx-auto flex w-full max-w-5xl flex-col gap-6 px-4 py-8 sm:px-6">
      <div className="flex flex-wrap items-center justify-between gap-4">
        <div className="min-w-0">
          <h1 className="text-2xl font-semibold tracking-tight">Account</h1>
          {manages && account.data && !terminated ? (
            <InlineField
              label="Account name"
              value={account.data.name}
              maxLength={100}
              valueClassName="text-sm text-muted"
              failureText="Failed to update account name. Please try again."
              onSave={(value) => rename.mutateAsync(String(value))}
            />
          ) : (
            <p className="truncate text-sm text-muted">{name}</p>
          )}
        </div>
        <SectionNav />
      </div>
      {terminated ? (
        <Banner
          tone="danger"
          action={
            <Link to="/account?tab=billing" className="font-medium underline underline-offset-4 hover:no-underline">
              Billing
            </Link>
          }
        >
          {SUSPENDED_MESSAGE}
        </Banner>
      ) : null}
      <Tabs items={items} defaultValue={terminated ? 'billing' : 'integrations'} aria-label="Account sections" />
    </div>
  );
}
