import type { AssignableRole, InviteBody, UserList, UserResult } from '@overlap/contract/users';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../api/client';
import { apiPaths } from '../../../api/paths';

const usersKey = ['users'] as const;

const usersQuery = queryOptions({
  queryKey: usersKey,
  queryFn: ({ signal }) => api<UserList>(apiPaths.users.users, { signal }),
});
export const useUsers = () => useQuery(usersQuery);

const inviteUser = (body: InviteBody) => api<UserResult>(apiPaths.users.invite, { method: 'POST', body });
export const changeRole = (id: string, role: AssignableRole) =>
  api<UserResult>(apiPaths.users.role(id), { method: 'PATCH', body: { role } });
const resendInvitation = (id: string) => api<UserResult>(apiPaths.users.resend(id), { method: 'POST' });
const deleteInvitation = (id: string) =>
  api<{ success: boolean; message: string }>(apiPaths.users.user(id), { method: 'DELETE' });

function useUsersMutation<A>(fn: (args: A) => Promise<unknown>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: fn,
    retry: false,
    onSettled: () => queryClient.invalidateQueries({ queryKey: usersKey }),
  });
}

export const useInviteUser = () => useUsersMutation(inviteUser);
export const useChangeRole = () =>
  useUsersMutation(({ id, role }: { id: string; role: AssignableRole }) => changeRole(id, role));
export const useResendInvitation = () => useUsersMutation(resendInvitation);
export const useDeleteInvitation = () => useUsersMutation(deleteInvitation);
