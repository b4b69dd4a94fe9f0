import type { LimitsBody, OperatorAccount } from '@overlap/contract/superadmin';
import { InlineField, type InlineValue } from '../../../../ui/inline-field';
import { useSetLimits } from '../../api/accounts';
import { intervalProblem, limitProblem } from '../../lib/limits';
import { Fact, Facts, Section } from './section';

/** Max people, max integrations (empty: unlimited) and the integration interval, each edited on its own. */
export function LimitsSection({ account }: { account: OperatorAccount }) {
  const setLimits = useSetLimits(account.id);
  const current: LimitsBody = {
    maxPeople: account.maxPeople,
    maxIntegrations: account.maxIntegrations,
    integrationInterval: account.integrationInterval,
  };
  const save = (change: Partial<LimitsBody>) => setLimits.mutateAsync({ ...current, ...change });
  const asLimit = (v: InlineValue) => (v === null ? null : Number(v));
  return (
    <Section title="Account limits" description="They override the plan's limits. Empty means unlimited.">
      <Facts>
        <Fact label="Max People">
          <InlineField
            label="Max People"
            type="number"
            allowEmpty
            value={account.maxPeople}
            emptyText="Unlimited"
            validate={limitProblem}
            failureText="Failed to update Max People limit"
            onSave={(v) => save({ maxPeople: asLimit(v) })}
          />
        </Fact>
        <Fact label="Max Integrations">
          <InlineField
            label="Max Integrations"
            type="number"
            allowEmpty
            value={account.maxIntegrations}
            emptyText="Unlimited"
            validate={limitProblem}
            failureText="Failed to update Max Integrations limit"
            onSave={(v) => save({ maxIntegrations: asLimit(v) })}
          />
        </Fact>
        <Fact label="Integration Interval">
          <InlineField
            label="Integration Interval"
            type="number"
            allowEmpty
            value={account.integrationInterval}
            display={`${account.integrationInterval} min`}
            validate={intervalProblem}
            failureText="Failed to update Integration Interval"
            onSave={(v) => save({ integrationInterval: Number(v) })}
          />
        </Fact>
      </Facts>
    </Section>
  );
}
