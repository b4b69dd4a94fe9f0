import { Plug } from 'lucide-react';
import { EmptyState } from '../../../ui/empty-state';

/** The integrations table of the account page. */
export function IntegrationsTab() {
  return (
    <EmptyState
      icon={Plug}
      title="Integrations"
      description="The integrations table, usage bar and health indicators arrive with the integrations work."
    />
  );
}
