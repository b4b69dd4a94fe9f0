import type { ConfirmationResult } from '@overlap/contract/auth';
import { useMutation } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { Banner } from '../../../ui/banner';
import { Button } from '../../../ui/button';
import { Input } from '../../../ui/input';
import { confirmCode, resendConfirmation } from '../api/auth-api';
import { errorCode, errorText } from '../lib/error-text';
import { isValidEmail, sanitizeCode } from '../lib/validation';
import { EmailField } from './email-field';
import { TextLink } from './text-link';

/** The default confirm-email view: e-mail plus the 6-digit code, and a resend link. */
export function ConfirmCodeForm({
  initialEmail,
  onConfirmed,
  onAlreadyConfirmed,
}: {
  initialEmail: string;
  onConfirmed: (result: ConfirmationResult, email: string) => void;
  onAlreadyConfirmed: (email: string) => void;
}) {
  const [email, setEmail] = useState(initialEmail);
  const [code, setCode] = useState('');
  const [resendNote, setResendNote] = useState<{ tone: 'info' | 'danger'; text: string } | null>(null);
  const confirm = useMutation({
    mutationFn: () => confirmCode({ email: email.trim(), code }),
    retry: false,
    onSuccess: (result) => onConfirmed(result, email.trim()),
    onError: (err) => {
      if (errorCode(err) === 'ALREADY_CONFIRMED') onAlreadyConfirmed(email.trim());
    },
  });
  const resend = useMutation({
    mutationFn: () => resendConfirmation(email.trim()),
    retry: false,
    onSuccess: () => setResendNote({ tone: 'info', text: 'Confirmation email sent! Please check your inbox.' }),
    onError: (err) => {
      const status = (err as { status?: number }).status;
      setResendNote({
        tone: 'danger',
        text: status === 0 || status === 429 ? errorText(err, '') : 'Failed to resend email. Please try again.',
      });
    },
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (email.trim() && code.length === 6) confirm.mutate();
  };

  const askResend = () => {
    if (!email.trim()) {
      setResendNote({ tone: 'danger', text: 'Please enter your email address first' });
      return;
    }
    if (!isValidEmail(email)) {
      setResendNote({ tone: 'danger', text: 'Invalid email address' });
      return;
    }
    setResendNote(null);
    resend.mutate();
  };

  return (
    <form onSubmit={submit} className="flex flex-col gap-4" noValidate>
      <EmailField value={email} onChange={setEmail} autoFocus={!initialEmail} />
      <div className="flex flex-col gap-1.5">
        <label htmlFor="code" className="text-sm font-medium text-fg">
          Confirmation code
        </label>
        <Input
          id="code"
          inputMode="numeric"
          autoComplete="one-time-code"
          autoFocus={Boolean(initialEmail)}
          placeholder="000000"
          maxLength={6}
          value={code}
          onChange={(e) => setCode(sanitizeCode(e.target.value))}
          className="tabular text-center font-mono text-lg tracking-[0.5em]"
        />
      </div>
      {confirm.isError && errorCode(confirm.error) !== 'ALREADY_CONFIRMED' ? (
        <Banner tone="danger">{errorText(confirm.error, 'Confirmation failed. Please try again.')}</Banner>
      ) : null}
      {resendNote ? <Banner tone={resendNote.tone}>{resendNote.text}</Banner> : null}
      <Button
        type="submit"
        variant="primary"
        className="w-full"
        loading={confirm.isPending}
        disabled={!email.trim() || code.length !== 6}
      >
        Confirm email
      </Button>
      <p className="text-center text-sm text-muted">
        Didn't get the email?{' '}
        <button
          type="button"
          onClick={askResend}
          disabled={resend.isPending}
          className="font-medium text-accent-text hover:underline disabled:opacity-60"
        >
          {resend.isPending ? 'Sending…' : 'Resend it'}
        </button>
      </p>
      <p className="text-center text-[13px] text-muted">
        <TextLink to="/signup">Sign up</TextLink> · <TextLink to="/login">Log in</TextLink>
      </p>
    </form>
  );
}
