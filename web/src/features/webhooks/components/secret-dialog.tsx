import { SIGNATURE_HEADER } from '@overlap/contract/webhooks';
import { Button } from '../../../ui/button';
import { CopyButton } from '../../../ui/copy-button';
import { Dialog, DialogContent } from '../../../ui/dialog';

export interface SecretDialogProps {
  secret: string | null;
  /** 'created' right after adding the webhook, 'rotated' after a new secret. */
  reason: 'created' | 'rotated';
  onClose: () => void;
}

/** Shows a signing secret once, with a copy button and how receivers check signatures. */
export function SecretDialog({ secret, reason, onClose }: SecretDialogProps) {
  return (
    <Dialog open={secret !== null} onOpenChange={(open) => (open ? null : onClose())}>
      <DialogContent
        title={reason === 'created' ? 'Webhook added' : 'New signing secret'}
        description="Copy the signing secret now: it is shown only this once."
        footer={
          <Button variant="primary" onClick={onClose}>
            Done
          </Button>
        }
      >
        <div className="flex flex-col gap-3">
          <div className="flex items-center gap-2 rounded-md border border-line bg-canvas px-3 py-2">
            <code className="min-w-0 flex-1 font-mono text-[13px] break-all" data-testid="webhook-secret">
              {secret}
            </code>
            <CopyButton value={secret ?? ''} label="Copy secret" />
          </div>
          <p className="text-[13px] text-muted">
            Each delivery carries <code className="font-mono text-fg">{SIGNATURE_HEADER}: t=…,v1=…</code>. Compute the
            HMAC-SHA256 of <code className="font-mono text-fg">t.body</code> with this secret and compare it with{' '}
            <code className="font-mono text-fg">v1</code>; refuse timestamps older than five minutes.
            {reason === 'rotated' ? ' The previous secret no longer signs deliveries.' : ''}
          </p>
        </div>
      </DialogContent>
    </Dialog>
  );
}
