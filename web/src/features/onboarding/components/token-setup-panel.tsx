import { Button } from '../../../ui/button';
import { ConfirmDialog } from '../../../ui/confirm-dialog';
import { CopyButton } from '../../../ui/copy-button';
import { Spinner } from '../../../ui/spinner';

interface TokenSetupPanelProps {
  appName: string;
  apiKey: string;
  curlCommand: string | null;
  pollingStopped: boolean;
  busy: 'cancel' | 'demo' | null;
  onUseDemo: () => Promise<unknown>;
  onCancel: () => Promise<unknown>;
}

function Secret({ label, value }: { label: string; value: string }) {
  return (
    <div className="flex flex-col gap-1.5">
      <div className="flex items-center justify-between gap-3">
        <span className="text-[13px] font-medium text-fg">{label}</span>
        <CopyButton value={value} aria-label={`Copy ${label === 'API key' ? label : label.toLowerCase()}`} />
      </div>
      <pre className="rounded-md border border-line bg-canvas px-3 py-2 font-mono text-xs whitespace-pre-wrap break-all text-fg">
        {value}
      </pre>
    </div>
  );
}

/** A token chat app waiting for its first data: the key, a test command and the ways out. */
export function TokenSetupPanel({
  appName,
  apiKey,
  curlCommand,
  pollingStopped,
  busy,
  onUseDemo,
  onCancel,
}: TokenSetupPanelProps) {
  return (
    <div className="flex flex-col gap-4">
      <div
        role="status"
        className="flex items-center gap-2.5 rounded-md bg-accent-soft px-3 py-2 text-sm text-accent-text"
      >
        {pollingStopped ? (
          <span>Stopped waiting for data. Send the test command, then reload this page.</span>
        ) : (
          <>
            <Spinner size="sm" />
            <span>Waiting for data...</span>
          </>
        )}
      </div>
      <Secret label="API key" value={apiKey} />
      {curlCommand ? <Secret label="Test command" value={curlCommand} /> : null}
      <p className="text-[13px] text-muted">You can setup {appName} later from the settings</p>
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <ConfirmDialog
          trigger={
            <Button variant="ghost" loading={busy === 'cancel'} disabled={busy !== null}>
              Cancel Integration
            </Button>
          }
          title={`Cancel the ${appName} integration?`}
          description="The integration and its API key are deleted; anything already sent with the key is lost."
          confirmLabel="Cancel Integration"
          cancelLabel="Keep it"
          tone="danger"
          onConfirm={onCancel}
        />
        <ConfirmDialog
          trigger={
            <Button variant="secondary" loading={busy === 'demo'} disabled={busy !== null}>
              Use Demo Instead
            </Button>
          }
          title="Use demo data instead?"
          description={`The ${appName} integration and its API key are deleted, and you continue with demo data.`}
          confirmLabel="Use Demo Instead"
          cancelLabel="Keep it"
          onConfirm={onUseDemo}
        />
      </div>
    </div>
  );
}
