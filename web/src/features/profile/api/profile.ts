import type { MyInfo } from '@overlap/contract/profile';
import { queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import { api } from '../../../api/client';
import { apiPaths } from '../../../api/paths';

const myInfoQuery = queryOptions({
  queryKey: ['profile', 'my-info'] as const,
  queryFn: ({ signal }) => api<MyInfo>(apiPaths.profile.myInfo, { signal }),
});
export const useMyInfo = () => useQuery(myInfoQuery);

const sendPasswordReset = (email: string) =>
  api<{ success: boolean; message: string }>(apiPaths.auth.forgotPassword, { method: 'POST', body: { email } });
export const useSendPasswordReset = () => useMutation({ mutationFn: sendPasswordReset, retry: false });
