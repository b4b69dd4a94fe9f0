import { type AdminService, SERVICE_INTERVALS, type UpdateServiceBody } from '@overlap/contract/service-admin';
import { useState } from 'react';
import { ApiError } from '../../../../api/client';
import { Button } from '../../../../ui/button';
import { Card, CardContent, CardHeader } from '../../../../ui/card';
import { ConfirmDialog } from '../../../../ui/confirm-dialog';
import { InlineField } from '../../../../ui/inline-field';
import { Input } from '../../../../ui/input';
import { ProviderIcon } from '../../../../ui/provider-icon';
import { Select } from '../../../../ui/select';
import { Switch } from '../../../../ui/switch';
import { useUpdateService } from '../../api/services';
import { Fact, Facts } from '../account/section';
import { SchemaEditor } from './schema-editor';

export const UPDATE_SERVICE_ERROR = 'Failed to update service. Please try again.';

interface PendingChange {
  title: string;
  description: string;
  patch: UpdateServiceBody;
}

/** The server's reason for a refusal (409 provider taken, 400 bad field), after the spec's sentence. */
const withReason = (err: unknown) =>
  err instanceof ApiError && err.status >= 400 && err.status < 500 && err.message
    ? `${UPDATE_SERVICE_ERROR} ${err.message}`
    : UPDATE_SERVICE_ERROR;

/** Name, provider key with its icon, sync interval, token authentication and the configuration schema. */
export function ConfigTab({ service }: { service: AdminService }) {
  const update = useUpdateService();
  const [provider, setProvider] = useState(service.provider);
  const [pending, setPending] = useState<PendingChange | null>(null);
  const apply = (patch: UpdateServiceBody) => update.mutateAsync({ id: service.id, patch });

  return (
    <div className="flex flex-col gap-4">
      <Card>
        <CardHeader title="Configuration" />
        <CardContent>
          <Facts>
            <Fact label="Service name">
              <InlineField
                label="Service name"
                value={service.name}
                maxLength={100}
                failureText={UPDATE_SERVICE_ERROR}
                onSave={(v) => apply({ name: String(v) })}
              />
            </Fact>
            <Fact label="Provider key">
              <span className="flex flex-wrap items-center gap-2">
                <ProviderIcon provider={provider} />
                <span className="w-48">
                  <Input
                    aria-label="Provider key"
                    value={provider}
                    onChange={(e) => setProvider(e.target.value)}
                    maxLength={50}
                    spellCheck={false}
                    autoCapitalize="none"
                    className="font-mono"
                  />
                </span>
                <Button
                  size="sm"
                  disabled={provider.trim().toLowerCase() === service.provider || !provider.trim()}
                  onClick={() =>
                    setPending({
                      title: `Change the provider to ${provider.trim().toLowerCase()}?`,
                      description:
                        'The provider decides which connector runs the integrations of this service. It cannot change while integrations use it.',
                      patch: { provider: provider.trim().toLowerCase() },
                    })
                  }
                >
                  Save
                </Button>
              </span>
            </Fact>
            <Fact label="Sync interval">
              <div className="w-40">
                <Select
                  aria-label="Sync interval"
                  value={String(service.intervalMinutes)}
                  options={SERVICE_INTERVALS.map((m) => ({
                    value: String(m),
                    label: `${m} minute${m === 1 ? '' : 's'}`,
                  }))}
                  onValueChange={(v) =>
                    setPending({
                      title: `Sync every ${v} minute${v === '1' ? '' : 's'}?`,
                      description:
                        'Polled integrations of this service run at this interval (an account’s plan may ask for a slower one).',
                      patch: { intervalMinutes: Number(v) },
                    })
                  }
                />
              </div>
            </Fact>
            <Fact label="Token authentication">
              <span className="flex items-center gap-3">
                <Switch
                  label="Token authentication"
                  checked={service.tokenAuthentication}
                  onCheckedChange={(on) =>
                    setPending({
                      title: on ? 'Turn token authentication on?' : 'Turn token authentication off?',
                      description: on
                        ? 'New integrations of this service get API keys to push data.'
                        : 'New integrations of this service no longer get API keys.',
                      patch: { tokenAuthentication: on },
                    })
                  }
                />
                <span className="text-[13px] text-muted">Integrations get API keys</span>
              </span>
            </Fact>
          </Facts>
        </CardContent>
      </Card>
      <SchemaEditor service={service} />
      <ConfirmDialog
        open={pending !== null}
        onOpenChange={(open) => {
          if (!open) setPending(null);
        }}
        title={pending?.title ?? ''}
        description={pending?.description ?? ''}
        confirmLabel="Save"
        onConfirm={async () => {
          if (pending) await apply(pending.patch);
        }}
        errorOf={withReason}
      />
    </div>
  );
}
