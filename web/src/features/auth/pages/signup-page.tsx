import { useMutation } from '@tanstack/react-query';
import { MailCheck } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { Banner } from '../../../ui/banner';
import { Button, ButtonLink } from '../../../ui/button';
import { signUp } from '../api/auth-api';
import { AuthHeader } from '../components/auth-header';
import { EmailField } from '../components/email-field';
import { ResultView } from '../components/result-view';
import { TextLink } from '../components/text-link';
import { errorText } from '../lib/error-text';
import { isValidEmail } from '../lib/validation';

export default function SignupPage() {
  const [email, setEmail] = useState('');
  const signup = useMutation({ mutationFn: signUp, retry: false });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!isValidEmail(email)) return;
    signup.mutate({ email: email.trim(), selectedIntegrations: [] });
  };

  if (signup.isSuccess) {
    const sentTo = signup.variables?.email ?? email;
    return (
      <ResultView
        icon={MailCheck}
        tone="accent"
        title="Check Your Email"
        actions={
          <>
            <ButtonLink to={`/confirm-email?email=${encodeURIComponent(sentTo)}`} variant="primary" className="w-full">
              Enter confirmation code
            </ButtonLink>
            <ButtonLink to="/login" variant="secondary" className="w-full">
              Back to Login
            </ButtonLink>
          </>
        }
      >
        <p>
          We sent a confirmation link and a 6-digit code to <strong className="font-medium text-fg">{sentTo}</strong>.
        </p>
        <p className="mt-3">
          Didn't get it?{' '}
          <button type="button" className="font-medium text-accent-text hover:underline" onClick={() => signup.reset()}>
            Try Again
          </button>
        </p>
      </ResultView>
    );
  }

  return (
    <div>
      <AuthHeader title="Create your account">Start with your work email. No credit card needed.</AuthHeader>
      <form onSubmit={submit} className="flex flex-col gap-4" noValidate>
        <EmailField value={email} onChange={setEmail} label="Work email" autoFocus />
        {signup.isError ? (
          <Banner tone="danger">{errorText(signup.error, 'Failed to sign up. Please try again.')}</Banner>
        ) : null}
        <Button
          type="submit"
          variant="primary"
          className="w-full"
          loading={signup.isPending}
          disabled={!isValidEmail(email)}
        >
          Sign up
        </Button>
      </form>
      <p className="mt-6 text-center text-sm text-muted">
        Already have an account? <TextLink to="/login">Log in</TextLink>
      </p>
    </div>
  );
}
