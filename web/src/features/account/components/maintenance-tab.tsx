import { Wrench } from 'lucide-react';
import { EmptyState } from '../../../ui/empty-state';

/** Gap and long-block analysis of the account page. */
export function MaintenanceTab() {
  return (
    <EmptyState
      icon={Wrench}
      title="Maintenance"
      description="Gap and long-block detection arrives with the integrations work."
    />
  );
}
