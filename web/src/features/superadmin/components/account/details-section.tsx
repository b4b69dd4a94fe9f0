import type { OperatorAccount } from '@overlap/contract/superadmin';
import { CopyIconButton } from '../../../../ui/copy-icon-button';
import { displayAccountName } from '../../lib/account-name';
import { Fact, Facts, Section, when } from './section';

export function DetailsSection({ account }: { account: OperatorAccount }) {
  return (
    <Section title="Account details">
      <Facts>
        <Fact label="Name">{displayAccountName(account.name, account.id)}</Fact>
        <Fact label="Id">
          <span className="inline-flex items-center gap-1">
            <span className="font-mono text-[13px]">{account.id}</span>
            <CopyIconButton value={account.id} label="Copy account id" />
          </span>
        </Fact>
        <Fact label="Created">{when(account.createdAt)}</Fact>
        <Fact label="Activated">{when(account.activatedAt)}</Fact>
        <Fact label="Terminated">{when(account.terminatedAt)}</Fact>
      </Facts>
    </Section>
  );
}
