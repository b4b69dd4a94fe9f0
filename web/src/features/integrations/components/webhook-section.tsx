import type { IntegrationDetail } from '@overlap/contract/integrations';
import { Eye, EyeOff, RefreshCw, Webhook } from 'lucide-react';
import { useState } from 'react';
import { errorMessage } from '../../../api/client';
import { Button } from '../../../ui/button';
import { Card, CardContent, CardHeader } from '../../../ui/card';
import { ConfirmDialog } from '../../../ui/confirm-dialog';
import { CopyButton } from '../../../ui/copy-button';
import { IconButton } from '../../../ui/icon-button';
import { toast } from '../../../ui/toaster';
import { useRegenerateWebhookSecret } from '../api/integrations';
import { maskWebhookSecret, WEBHOOK_STEPS } from '../lib/webhook-steps';

const REGENERATE_TEXT =
  'The provider keeps sending with the current secret, and those deliveries will be refused until you paste the new secret into its webhook settings.';

function Row({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div className="flex flex-col gap-1.5">
      <span className="text-[13px] text-muted">{label}</span>
      <div className="flex min-w-0 flex-wrap items-center gap-2">{children}</div>
    </div>
  );
}

/** The incoming webhook of a GitHub or GitLab integration: URL, secret and how to set it up. */
export function WebhookSection({ integration }: { integration: IntegrationDetail }) {
  const regenerate = useRegenerateWebhookSecret(integration.id);
  const [shown, setShown] = useState(false);
  const webhook = integration.webhook;
  const provider = integration.provider === 'gitlab' ? 'gitlab' : 'github';
  if (!webhook) return null;
  const guide = WEBHOOK_STEPS[provider];

  return (
    <Card>
      <CardHeader
        title="Webhook"
        description={`${provider === 'github' ? 'GitHub' : 'GitLab'} sends each push here as it happens. Give it this URL and secret.`}
      />
      <CardContent className="flex flex-col gap-5">
        <Row label="Webhook URL">
          <Webhook className="hidden size-4 shrink-0 text-muted sm:block" aria-hidden="true" />
          <code
            className="min-w-0 max-w-full break-all rounded bg-subtle px-2 py-1 font-mono text-sm text-fg"
            data-testid="webhook-url"
          >
            {webhook.url}
          </code>
          <CopyButton value={webhook.url} label="Copy URL" />
        </Row>
        <Row label={provider === 'github' ? 'Secret' : 'Secret token'}>
          <code className="rounded bg-subtle px-2 py-1 font-mono text-sm text-fg" data-testid="webhook-secret">
            {shown ? webhook.secret : maskWebhookSecret(webhook.secret)}
          </code>
          <IconButton
            label={shown ? 'Hide secret' : 'Show secret'}
            size="sm"
            icon={shown ? <EyeOff /> : <Eye />}
            onClick={() => setShown((s) => !s)}
          />
          <CopyButton value={webhook.secret} label="Copy secret" />
          <ConfirmDialog
            trigger={
              <Button size="sm" variant="secondary" icon={<RefreshCw />}>
                Regenerate
              </Button>
            }
            tone="danger"
            title="Regenerate webhook secret?"
            description={REGENERATE_TEXT}
            confirmLabel="Regenerate secret"
            errorOf={(err) => errorMessage(err, 'Failed to regenerate the webhook secret')}
            onConfirm={async () => {
              await regenerate.mutateAsync();
              toast.success(
                `A new secret is ready. Paste it into the ${provider === 'github' ? 'GitHub' : 'GitLab'} webhook.`,
              );
            }}
          />
        </Row>
        <div className="flex flex-col gap-2">
          <h3 className="text-sm font-semibold">{guide.title}</h3>
          <ol className="ml-5 list-decimal space-y-1.5 text-sm text-fg marker:text-muted">
            {guide.steps.map((step) => (
              <li key={step}>{step}</li>
            ))}
          </ol>
          {integration.status !== 'active' ? (
            <p className="text-[13px] text-amber-700 dark:text-amber-400">
              The integration is stopped: deliveries are refused until you start it again.
            </p>
          ) : null}
        </div>
      </CardContent>
    </Card>
  );
}
