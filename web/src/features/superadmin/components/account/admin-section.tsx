import type { OperatorAccount } from '@overlap/contract/superadmin';
import { CopyIconButton } from '../../../../ui/copy-icon-button';
import { displayAccountName } from '../../lib/account-name';
import { ImpersonateButton } from '../impersonate-button';
import { Fact, Facts, Section, when } from './section';

/** The admin user (the oldest manager), with Impersonate while the account is active. */
export function AdminSection({ account }: { account: OperatorAccount }) {
  const admin = account.adminUser;
  return (
    <Section
      title="Admin user"
      actions={
        admin && account.status === 'active' ? (
          <ImpersonateButton
            accountId={account.id}
            accountName={displayAccountName(account.name, account.id)}
            email={admin.email}
          />
        ) : null
      }
    >
      {admin ? (
        <Facts>
          <Fact label="Email">
            <span className="inline-flex items-center gap-1">
              {admin.email}
              <CopyIconButton value={admin.email} label="Copy admin email" />
            </span>
          </Fact>
          <Fact label="Joined">{when(admin.createdAt)}</Fact>
          {account.status === 'active' ? null : (
            <Fact label="Impersonation">Only an active account can be impersonated.</Fact>
          )}
        </Facts>
      ) : (
        <p className="text-sm text-muted">This account has no manager.</p>
      )}
    </Section>
  );
}
