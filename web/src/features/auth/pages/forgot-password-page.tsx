import { useMutation } from '@tanstack/react-query';
import { MailCheck } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { useSearchParams } from 'react-router';
import { Banner } from '../../../ui/banner';
import { Button, ButtonLink } from '../../../ui/button';
import { forgotPassword } from '../api/auth-api';
import { AuthHeader } from '../components/auth-header';
import { EmailField } from '../components/email-field';
import { ResultView } from '../components/result-view';
import { TextLink } from '../components/text-link';
import { errorText } from '../lib/error-text';
import { isValidEmail } from '../lib/validation';

export default function ForgotPasswordPage() {
  const [params] = useSearchParams();
  const [email, setEmail] = useState((params.get('email') ?? '').trim());
  const forgot = useMutation({ mutationFn: forgotPassword, retry: false });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (isValidEmail(email)) forgot.mutate(email.trim());
  };

  if (forgot.isSuccess) {
    return (
      <ResultView
        icon={MailCheck}
        tone="accent"
        title="Reset Link Sent"
        actions={
          <ButtonLink to="/login" variant="secondary" className="w-full">
            Back to Login
          </ButtonLink>
        }
      >
        <p>
          If an account exists for <strong className="font-medium text-fg">{forgot.variables}</strong>, you'll get an
          email with a link to reset your password. The link works for one hour.
        </p>
      </ResultView>
    );
  }

  return (
    <div>
      <AuthHeader title="Forgot your password?">Enter your email and we'll send you a link to reset it.</AuthHeader>
      <form onSubmit={submit} className="flex flex-col gap-4" noValidate>
        <EmailField value={email} onChange={setEmail} autoFocus />
        {forgot.isError ? (
          <Banner tone="danger">{errorText(forgot.error, 'Failed to send reset email. Please try again.')}</Banner>
        ) : null}
        <Button
          type="submit"
          variant="primary"
          className="w-full"
          loading={forgot.isPending}
          disabled={!isValidEmail(email)}
        >
          Send reset link
        </Button>
      </form>
      <p className="mt-6 text-center text-sm text-muted">
        Remembered it? <TextLink to="/login">Back to Login</TextLink>
      </p>
    </div>
  );
}
