import { INVITATION_VALID_DAYS } from '@overlap/contract/users';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { CircleCheck, CircleX } from 'lucide-react';
import { type FormEvent, useEffect, useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import { isApiError } from '../../../api/client';
import { Banner } from '../../../ui/banner';
import { Button, ButtonLink } from '../../../ui/button';
import { Spinner } from '../../../ui/spinner';
import { acceptInvitation, adoptSession, useInvitation } from '../api/auth-api';
import { AuthHeader } from '../components/auth-header';
import { PasswordInput } from '../components/password-input';
import { ResultView } from '../components/result-view';
import { errorText } from '../lib/error-text';
import { PASSWORD_TOO_SHORT, PASSWORDS_DO_NOT_MATCH } from '../lib/validation';

const REDIRECT_MS = 2000;
const capitalize = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/** Invitation acceptance: validating, invalid, form, submitting, accepted (then /account after 2 s). */
export default function AcceptInvitationPage() {
  const { token = '' } = useParams();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const invitation = useInvitation(token);
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [submitted, setSubmitted] = useState(false);
  const accept = useMutation({
    mutationFn: () => acceptInvitation(token, password),
    retry: false,
    onSuccess: (result) => adoptSession(queryClient, result.user),
  });

  useEffect(() => {
    if (!accept.isSuccess) return;
    const timer = setTimeout(() => navigate('/account', { replace: true }), REDIRECT_MS);
    return () => clearTimeout(timer);
  }, [accept.isSuccess, navigate]);

  if (accept.isSuccess) {
    return (
      <ResultView icon={CircleCheck} tone="success" title={`Welcome to ${accept.data.user.account.name}!`}>
        <p>Your account is ready. Taking you to your account page…</p>
      </ResultView>
    );
  }

  if (invitation.isPending) {
    return (
      <div className="flex flex-col items-center gap-4 py-8 text-center" role="status">
        <Spinner size="lg" />
        <p className="text-sm text-muted">Checking your invitation…</p>
      </div>
    );
  }

  if (invitation.isError) {
    const invalid =
      isApiError(invitation.error, 404) || isApiError(invitation.error, 400) || isApiError(invitation.error, 414);
    return (
      <ResultView
        icon={CircleX}
        tone="danger"
        title={invalid ? 'Invalid invitation' : 'Failed to validate invitation'}
        actions={
          <ButtonLink to="/login" variant="secondary" className="w-full">
            Go to Login
          </ButtonLink>
        }
      >
        <p>
          {invalid
            ? 'This invitation link is invalid, has expired or was already used. Ask your manager to send a new one.'
            : errorText(
                invitation.error,
                'Something went wrong while checking the invitation. Please reload the page.',
                {
                  useServerMessage: false,
                },
              )}
        </p>
      </ResultView>
    );
  }

  const info = invitation.data;

  const tooShort = password.length < 8;
  const mismatch = confirm !== password;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setSubmitted(true);
    if (!tooShort && !mismatch) accept.mutate();
  };

  return (
    <div>
      <AuthHeader title="Join your team">
        You've been invited to <strong className="font-medium text-fg">{info.accountName}</strong> on Overlap.
      </AuthHeader>
      <dl className="mb-5 grid grid-cols-[auto_1fr] gap-x-4 gap-y-2 rounded-lg border border-line bg-subtle px-4 py-3 text-sm">
        <dt className="text-muted">Email</dt>
        <dd className="truncate font-medium text-fg">{info.email}</dd>
        <dt className="text-muted">Account</dt>
        <dd className="truncate font-medium text-fg">{info.accountName}</dd>
        <dt className="text-muted">Role</dt>
        <dd className="font-medium text-fg">{capitalize(info.role)}</dd>
      </dl>
      <form onSubmit={submit} className="flex flex-col gap-4" noValidate>
        <input type="email" name="username" autoComplete="username" value={info.email} readOnly hidden />
        <PasswordInput
          id="password"
          label="Choose a password"
          value={password}
          onChange={setPassword}
          autoComplete="new-password"
          autoFocus
          error={(submitted || password.length > 0) && tooShort ? PASSWORD_TOO_SHORT : null}
        />
        <PasswordInput
          id="confirm-password"
          label="Confirm password"
          value={confirm}
          onChange={setConfirm}
          autoComplete="new-password"
          error={(submitted || confirm.length > 0) && mismatch ? PASSWORDS_DO_NOT_MATCH : null}
        />
        {accept.isError ? (
          <Banner tone="danger" title="Failed to accept invitation">
            {errorText(accept.error, 'Failed to accept invitation. Please try again.')}
          </Banner>
        ) : null}
        <Button type="submit" variant="primary" className="w-full" loading={accept.isPending}>
          Accept invitation
        </Button>
      </form>
      <p className="mt-4 text-center text-[13px] text-muted">
        This invitation is valid for {INVITATION_VALID_DAYS} days.
      </p>
    </div>
  );
}
