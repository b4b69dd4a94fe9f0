import { type FormEvent, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { Banner } from '../../../ui/banner';
import { Button } from '../../../ui/button';
import { useLogIn } from '../api/auth-api';
import { AuthHeader } from '../components/auth-header';
import { EmailField } from '../components/email-field';
import { PasswordInput } from '../components/password-input';
import { TextLink, textLinkClasses } from '../components/text-link';
import { errorText } from '../lib/error-text';

const SUPPORT_EMAIL = 'support@overlap.app';
const LOGIN_FAILED = 'Login failed. Please check your credentials.';

export default function LoginPage() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const [email, setEmail] = useState(params.get('email') ?? '');
  const [password, setPassword] = useState('');
  const login = useLogIn();
  const notice = params.get('success') === 'true' ? params.get('message') : null;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!email.trim() || !password) return;
    login.mutate({ email: email.trim(), password }, { onSuccess: () => navigate('/', { replace: true }) });
  };

  const error = login.isError
    ? errorText(login.error, LOGIN_FAILED, { useServerMessage: (login.error as { status?: number }).status === 429 })
    : null;
  const forgotHref = `/forgot-password${email.trim() ? `?email=${encodeURIComponent(email.trim())}` : ''}`;

  return (
    <div>
      <AuthHeader title="Welcome back">Log in to see when your team is online.</AuthHeader>
      {notice ? (
        <Banner tone="info" className="mb-4">
          {notice}
        </Banner>
      ) : null}
      <form onSubmit={submit} className="flex flex-col gap-4" noValidate>
        <EmailField value={email} onChange={setEmail} autoFocus={!email} />
        <PasswordInput
          id="password"
          label="Password"
          value={password}
          onChange={setPassword}
          autoComplete="current-password"
          autoFocus={Boolean(email)}
          labelAside={
            <TextLink to={forgotHref} className="text-[13px]">
              Forgot password?
            </TextLink>
          }
        />
        {error ? <Banner tone="danger">{error}</Banner> : null}
        <Button
          type="submit"
          variant="primary"
          className="w-full"
          loading={login.isPending}
          disabled={!email.trim() || !password}
        >
          Log in
        </Button>
      </form>
      <p className="mt-6 text-center text-sm text-muted">
        New to Overlap? <TextLink to="/signup">Create an account</TextLink>
      </p>
      <p className="mt-2 text-center text-[13px] text-muted">
        Trouble signing in?{' '}
        <a href={`mailto:${SUPPORT_EMAIL}`} className={textLinkClasses}>
          Contact support
        </a>
      </p>
    </div>
  );
}
