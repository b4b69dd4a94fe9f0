import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Navigate, useNavigate, useSearchParams } from 'react-router';
import { adoptSession, setPassword } from '../api/auth-api';
import { AuthHeader } from '../components/auth-header';
import { NewPasswordForm } from '../components/new-password-form';
import { errorText } from '../lib/error-text';

export default function SetPasswordPage() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const email = params.get('email') ?? '';
  const token = params.get('token') ?? undefined;
  const mutation = useMutation({
    mutationFn: (password: string) => setPassword({ email, password, token }),
    retry: false,
    onSuccess: async (result) => {
      if (result.user) {
        await adoptSession(queryClient, result.user);
        navigate('/', { replace: true });
      } else {
        navigate(`/login?success=true&message=${encodeURIComponent(result.message)}`, { replace: true });
      }
    },
  });

  if (!email) return <Navigate to="/login" replace />;

  return (
    <div>
      <AuthHeader title="Set Your Password">Choose a password to finish setting up your account.</AuthHeader>
      <NewPasswordForm
        email={email}
        submitLabel="Set password"
        pending={mutation.isPending}
        error={mutation.isError ? errorText(mutation.error, 'Failed to set password. Please try again.') : null}
        errorTitle="Failed to set password"
        onSubmit={(password) => mutation.mutate(password)}
      />
    </div>
  );
}
