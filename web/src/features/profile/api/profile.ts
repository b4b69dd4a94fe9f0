import { useMutation, useQuery } from '@tanstack/react-query';
import { api } from '../../../api/client';
import { apiPaths } from '../../../api/paths';
import { myInfoQuery } from '../../../api/preferences';

export const useMyInfo = () => useQuery(myInfoQuery);

const sendPasswordReset = (email: string) =>
  api<{ success: boolean; message: string }>(apiPaths.auth.forgotPassword, { method: 'POST', body: { email } });
export const useSendPasswordReset = () => useMutation({ mutationFn: sendPasswordReset, retry: false });
