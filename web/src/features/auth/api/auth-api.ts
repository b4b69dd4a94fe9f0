import type {
  AuthStatus,
  ConfirmationResult,
  ConfirmCodeBody,
  ConfirmEmailBody,
  LoginBody,
  PasswordResult,
  ResetPasswordBody,
  SessionUser,
  SetPasswordBody,
  SignupBody,
} from '@overlap/contract/auth';
import type { AcceptInvitationResult, InvitationInfo } from '@overlap/contract/users';
import { type QueryClient, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../api/client';
import { apiPaths } from '../../../api/paths';
import { sessionKeys } from '../../../api/session';

type Message = { success: boolean; message: string };

const logIn = (body: LoginBody) => api<AuthStatus>(apiPaths.auth.login, { method: 'POST', body });
export const signUp = (body: SignupBody) => api<Message>(apiPaths.auth.signup, { method: 'POST', body });
export const confirmEmail = (body: ConfirmEmailBody) =>
  api<ConfirmationResult>(apiPaths.auth.confirmEmail, { method: 'POST', body });
export const confirmCode = (body: ConfirmCodeBody) =>
  api<ConfirmationResult>(apiPaths.auth.confirmCode, { method: 'POST', body });
export const resendConfirmation = (email: string) =>
  api<Message>(apiPaths.auth.resendConfirmation, { method: 'POST', body: { email } });
export const forgotPassword = (email: string) =>
  api<Message>(apiPaths.auth.forgotPassword, { method: 'POST', body: { email } });
export const setPassword = (body: SetPasswordBody) =>
  api<PasswordResult>(apiPaths.auth.setPassword, { method: 'POST', body });
export const resetPassword = (body: ResetPasswordBody) =>
  api<PasswordResult>(apiPaths.auth.resetPassword, { method: 'POST', body });
export const acceptInvitation = (token: string, password: string) =>
  api<AcceptInvitationResult>(apiPaths.users.acceptInvitation(token), { method: 'POST', body: { password } });

const KEEP_ON_SIGN_IN = new Set([String(sessionKeys.status[0]), 'invitation']);

/** After a sign-in: the new user is known at once, and everything account-scoped is fetched again. */
export async function adoptSession(queryClient: QueryClient, user: SessionUser): Promise<void> {
  queryClient.removeQueries({ predicate: (q) => !KEEP_ON_SIGN_IN.has(String(q.queryKey[0])) });
  queryClient.setQueryData(sessionKeys.status, user);
  await queryClient.invalidateQueries({ queryKey: sessionKeys.status });
}

export function useLogIn() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: logIn,
    retry: false,
    onSuccess: (data) => adoptSession(queryClient, data.user),
  });
}

const invitationQuery = (token: string) =>
  queryOptions({
    queryKey: ['invitation', token],
    queryFn: () => api<InvitationInfo>(apiPaths.users.invitation(token)),
    retry: false,
    staleTime: 0,
  });
export const useInvitation = (token: string) => useQuery(invitationQuery(token));
