import { KeyRound } from 'lucide-react';
import { useEffect, useState } from 'react';
import { ApiError } from '../../../api/client';
import { Banner } from '../../../ui/banner';
import { Button } from '../../../ui/button';
import { Dialog, DialogContent, DialogTrigger } from '../../../ui/dialog';
import { useSendPasswordReset } from '../api/profile';

const RESET_SENT = 'Password reset link sent! Please check your email.';
const SUCCESS_VISIBLE_MS = 5000;

function failureText(err: unknown): string {
  if (err instanceof ApiError) {
    if (err.status === 0) return 'Network error. Please check your connection and try again.';
    if (err.status < 500 && !err.message.startsWith('Request failed')) return err.message;
  }
  return 'Failed to send reset email. Please try again.';
}

/** Mails the signed-in user a password reset link; the success line clears after 5 seconds. */
export function ResetPasswordDialog({ email }: { email: string }) {
  const [open, setOpen] = useState(false);
  const [sent, setSent] = useState(false);
  const reset = useSendPasswordReset();

  useEffect(() => {
    if (!sent) return;
    const timer = setTimeout(() => setSent(false), SUCCESS_VISIBLE_MS);
    return () => clearTimeout(timer);
  }, [sent]);

  const send = () =>
    reset.mutate(email, {
      onSuccess: () => {
        setOpen(false);
        setSent(true);
      },
    });

  return (
    <div className="flex flex-col items-start gap-3">
      <Dialog
        open={open}
        onOpenChange={(next) => {
          if (reset.isPending) return;
          setOpen(next);
          if (next) reset.reset();
        }}
      >
        <DialogTrigger asChild>
          <Button icon={<KeyRound />}>Reset password</Button>
        </DialogTrigger>
        <DialogContent
          size="sm"
          title="Reset your password?"
          description={
            <>
              We'll email a link to <strong className="font-medium text-fg">{email}</strong>. Your current password
              keeps working until you choose a new one.
            </>
          }
          footer={
            <>
              <Button variant="secondary" onClick={() => setOpen(false)} disabled={reset.isPending}>
                Cancel
              </Button>
              <Button variant="primary" onClick={send} loading={reset.isPending}>
                Send reset link
              </Button>
            </>
          }
        >
          {reset.isError ? <Banner tone="danger">{failureText(reset.error)}</Banner> : null}
        </DialogContent>
      </Dialog>
      {sent ? (
        <p role="status" className="text-sm text-emerald-700 dark:text-emerald-400">
          {RESET_SENT}
        </p>
      ) : null}
    </div>
  );
}
