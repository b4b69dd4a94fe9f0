import type { AuthUrlBody } from '@overlap/contract/oauth';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../api/client';
import { apiPaths } from '../../../api/paths';

/** POST /api/v1/integrations/{provider}/auth-url: the provider's authorization URL to navigate to. */
export const fetchAuthUrl = (provider: string, body: AuthUrlBody) =>
  api<{ url: string }>(apiPaths.oauth.authUrl(provider), { method: 'POST', body });

/** Starts an authorization and sends the browser to the provider. */
export const useStartAuthorization = (provider: string, integrationId: string) =>
  useMutation({
    mutationFn: () => fetchAuthUrl(provider, { integrationId }),
    onSuccess: ({ url }) => window.location.assign(url),
  });
