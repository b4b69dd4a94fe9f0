import type { ConfirmationResult } from '@overlap/contract/auth';
import { CircleCheck, CircleX } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { ButtonLink } from '../../../ui/button';
import { Spinner } from '../../../ui/spinner';
import { confirmEmail } from '../api/auth-api';
import { AuthHeader } from '../components/auth-header';
import { ConfirmCodeForm } from '../components/confirm-code-form';
import { ResultView } from '../components/result-view';
import { errorCode, errorText } from '../lib/error-text';

type View =
  | { kind: 'default' }
  | { kind: 'loading' }
  | { kind: 'success'; already: boolean; message: string | null; setPasswordHref: string | null }
  | { kind: 'error'; message: string };

const RESULT_PARAMS = ['success', 'error', 'message', 'next_step', 'already_confirmed'];

function setPasswordHref(email: string, token: string | null) {
  const query = new URLSearchParams({ email });
  if (token) query.set('token', token);
  return `/set-password?${query.toString()}`;
}

/** The view the query parameters ask for (as a server-side redirect would set them). */
function viewFromParams(params: URLSearchParams): View {
  const email = params.get('email') ?? '';
  if (params.get('token') && email) return { kind: 'loading' };
  if (!RESULT_PARAMS.some((p) => params.has(p))) return { kind: 'default' };
  if (params.get('success') === 'true' || params.get('already_confirmed') === 'true') {
    return {
      kind: 'success',
      already: params.get('already_confirmed') === 'true',
      message: params.get('message'),
      setPasswordHref:
        params.get('next_step') === 'set_password' && email ? setPasswordHref(email, params.get('token')) : null,
    };
  }
  return {
    kind: 'error',
    message: params.get('error') ?? params.get('message') ?? 'The confirmation link is not valid.',
  };
}

export default function ConfirmEmailPage() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const [view, setView] = useState<View>(() => viewFromParams(params));
  const started = useRef(false);
  const email = params.get('email') ?? '';
  const token = params.get('token');

  const afterConfirmation = (result: ConfirmationResult, address: string) => {
    if (result.nextStep === 'set_password' && result.passwordResetToken) {
      navigate(setPasswordHref(address, result.passwordResetToken), { replace: true });
      return;
    }
    setView({ kind: 'success', already: false, message: result.message, setPasswordHref: null });
  };

  useEffect(() => {
    if (!token || !email || started.current) return;
    started.current = true;
    confirmEmail({ token, email })
      .then((result) => afterConfirmation(result, email))
      .catch((err: unknown) => {
        if (errorCode(err) === 'ALREADY_CONFIRMED') {
          setView({ kind: 'success', already: true, message: null, setPasswordHref: null });
        } else {
          setView({ kind: 'error', message: errorText(err, 'The confirmation link is not valid.') });
        }
      });
  });

  if (view.kind === 'loading') {
    return (
      <div className="flex flex-col items-center gap-4 py-8 text-center" role="status">
        <Spinner size="lg" />
        <p className="text-sm text-muted">Confirming your email address…</p>
      </div>
    );
  }

  if (view.kind === 'success') {
    return (
      <ResultView
        icon={CircleCheck}
        tone="success"
        title={view.already ? 'Already Confirmed' : 'Email Confirmed!'}
        actions={
          view.setPasswordHref ? (
            <ButtonLink to={view.setPasswordHref} variant="primary" className="w-full">
              Set Your Password
            </ButtonLink>
          ) : (
            <ButtonLink
              to={`/login${email ? `?email=${encodeURIComponent(email)}` : ''}`}
              variant="primary"
              className="w-full"
            >
              Go to Login
            </ButtonLink>
          )
        }
      >
        <p>
          {view.message ??
            (view.already
              ? 'Your email address is already confirmed. You can log in.'
              : 'Your email address is confirmed.')}
        </p>
      </ResultView>
    );
  }

  if (view.kind === 'error') {
    return (
      <ResultView
        icon={CircleX}
        tone="danger"
        title="Confirmation Failed"
        actions={
          <>
            <ButtonLink to="/signup" variant="primary" className="w-full">
              Sign up again
            </ButtonLink>
            <ButtonLink to="/login" variant="secondary" className="w-full">
              Log in
            </ButtonLink>
          </>
        }
      >
        <p>{view.message}</p>
      </ResultView>
    );
  }

  return (
    <div>
      <AuthHeader title="Confirm your email">Enter the 6-digit code we emailed you.</AuthHeader>
      <ConfirmCodeForm
        initialEmail={email}
        onConfirmed={afterConfirmation}
        onAlreadyConfirmed={() => setView({ kind: 'success', already: true, message: null, setPasswordHref: null })}
      />
    </div>
  );
}
