import type { OperatorAccount } from '@overlap/contract/superadmin';
import { Badge } from '../../../../ui/badge';
import { signupSourceLabel } from '../../lib/signup';
import { Fact, Facts, Section } from './section';

const list = (items: string[] | undefined) =>
  items && items.length > 0 ? (
    <span className="flex flex-wrap gap-1">
      {items.map((i) => (
        <Badge key={i}>{i}</Badge>
      ))}
    </span>
  ) : (
    <span className="text-muted">None</span>
  );

export function SignupSection({ account }: { account: OperatorAccount }) {
  const signup = account.signupData;
  return (
    <Section title="Signup information">
      {signup ? (
        <Facts>
          <Fact label="Source">{signupSourceLabel(signup.signupSource)}</Fact>
          <Fact label="IP address">{signup.signupIp ?? 'Unknown'}</Fact>
          <Fact label="Browser">
            <span className="text-[13px]">{signup.userAgent ?? 'Unknown'}</span>
          </Fact>
          {signup.details?.message ? <Fact label="Message">{signup.details.message}</Fact> : null}
          <Fact label="Selected integrations">{list(signup.details?.selectedIntegrations)}</Fact>
          <Fact label="Requested integrations">{list(signup.requestedIntegrations)}</Fact>
          {signup.survey?.teamName ? <Fact label="Team name">{signup.survey.teamName}</Fact> : null}
          {signup.survey?.companySize ? <Fact label="Team size">{signup.survey.companySize}</Fact> : null}
        </Facts>
      ) : (
        <p className="text-sm text-muted">No signup information was recorded.</p>
      )}
    </Section>
  );
}
