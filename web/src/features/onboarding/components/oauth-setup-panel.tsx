import { Button } from '../../../ui/button';
import { ConfirmDialog } from '../../../ui/confirm-dialog';

interface OauthSetupPanelProps {
  appName: string;
  connecting: boolean;
  cancelling: boolean;
  onConnect: () => void;
  onCancel: () => Promise<unknown>;
}

/** An OAuth chat app: the owner authorizes Overlap at the provider. */
export function OauthSetupPanel({ appName, connecting, cancelling, onConnect, onCancel }: OauthSetupPanelProps) {
  return (
    <div className="flex flex-col gap-4">
      <p className="text-sm text-muted">Authorize Overlap in {appName} so it can see when your team is active.</p>
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <ConfirmDialog
          trigger={
            <Button variant="ghost" loading={cancelling} disabled={connecting || cancelling}>
              Cancel
            </Button>
          }
          title={`Cancel the ${appName} integration?`}
          description="The integration that was just created is deleted."
          confirmLabel="Cancel integration"
          cancelLabel="Keep it"
          tone="danger"
          onConfirm={onCancel}
        />
        <Button variant="primary" loading={connecting} disabled={cancelling} onClick={onConnect}>
          Connect {appName}
        </Button>
      </div>
    </div>
  );
}
