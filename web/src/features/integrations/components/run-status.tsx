import type { IntegrationRun } from '@overlap/contract/integrations';
import { Badge, type BadgeTone } from '../../../ui/badge';

const runTones: Record<IntegrationRun['status'], BadgeTone> = { success: 'success', failed: 'danger', running: 'info' };
const runLabels: Record<IntegrationRun['status'], string> = {
  success: 'Success',
  failed: 'Failed',
  running: 'Running',
};

export function RunStatus({ status }: { status: IntegrationRun['status'] }) {
  return (
    <Badge tone={runTones[status]} dot>
      {runLabels[status]}
    </Badge>
  );
}
