import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Navigate, useNavigate, useSearchParams } from 'react-router';
import { sessionKeys } from '../../../api/session';
import { adoptSession, resetPassword } from '../api/auth-api';
import { AuthHeader } from '../components/auth-header';
import { NewPasswordForm } from '../components/new-password-form';
import { TextLink } from '../components/text-link';
import { errorText } from '../lib/error-text';

export default function ResetPasswordPage() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const email = params.get('email') ?? '';
  const token = params.get('token') ?? '';
  const mutation = useMutation({
    mutationFn: (newPassword: string) => resetPassword({ email, newPassword, token }),
    retry: false,
    onSuccess: async (result) => {
      if (result.user) {
        await adoptSession(queryClient, result.user);
        navigate('/', { replace: true });
        return;
      }
      queryClient.setQueryData(sessionKeys.status, null);
      navigate(`/login?success=true&message=${encodeURIComponent(result.message)}&email=${encodeURIComponent(email)}`, {
        replace: true,
      });
    },
  });

  if (!email || !token) return <Navigate to="/login" replace />;

  return (
    <div>
      <AuthHeader title="Reset your password">Choose a new password for your account.</AuthHeader>
      <NewPasswordForm
        email={email}
        submitLabel="Reset password"
        pending={mutation.isPending}
        error={mutation.isError ? errorText(mutation.error, 'Failed to reset password. Please try again.') : null}
        errorTitle="Failed to reset password"
        onSubmit={(password) => mutation.mutate(password)}
      />
      <p className="mt-6 text-center text-sm text-muted">
        Link expired? <TextLink to={`/forgot-password?email=${encodeURIComponent(email)}`}>Request a new one</TextLink>
      </p>
    </div>
  );
}
