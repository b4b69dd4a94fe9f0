import type { IntegrationDetail } from '@overlap/contract/integrations';
import { KeyRound, RefreshCw } from 'lucide-react';
import { errorMessage } from '../../../api/client';
import { Button } from '../../../ui/button';
import { Card, CardContent, CardHeader } from '../../../ui/card';
import { ConfirmDialog } from '../../../ui/confirm-dialog';
import { CopyButton } from '../../../ui/copy-button';
import { toast } from '../../../ui/toaster';
import { useRegenerateKey } from '../api/integrations';
import { maskApiKey } from '../lib/format';

const REGENERATE_TEXT =
  'Are you sure you want to regenerate the API key? This will invalidate the current key and any applications using it will stop working until updated.';

/** The push API key: masked, copyable, and replaceable while the integration is stopped. */
export function ApiKeySection({ integration }: { integration: IntegrationDetail }) {
  const regenerate = useRegenerateKey(integration.id);
  const running = integration.status === 'active';
  const key = integration.apiKey;
  if (!key) return null;

  return (
    <Card>
      <CardHeader
        title="API key"
        description="Sources send events and presence to the push API with this key as a Bearer token."
      />
      <CardContent className="flex flex-col gap-3">
        <div className="flex flex-wrap items-center gap-2">
          <KeyRound className="size-4 text-muted" aria-hidden="true" />
          <code className="rounded bg-subtle px-2 py-1 font-mono text-sm text-fg" data-testid="api-key">
            {maskApiKey(key)}
          </code>
          <CopyButton value={key} label="Copy key" />
          <ConfirmDialog
            trigger={
              <Button size="sm" variant="secondary" icon={<RefreshCw />} disabled={running}>
                Regenerate
              </Button>
            }
            tone="danger"
            title="Regenerate API key?"
            description={REGENERATE_TEXT}
            confirmLabel="Regenerate key"
            errorOf={(err) => errorMessage(err, 'Failed to regenerate the API key')}
            onConfirm={async () => {
              await regenerate.mutateAsync();
              toast.success('A new API key is ready. Update the sources that use this integration.');
            }}
          />
        </div>
        {running ? <p className="text-[13px] text-muted">Stop the integration to regenerate its key.</p> : null}
      </CardContent>
    </Card>
  );
}
