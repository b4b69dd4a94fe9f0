import {
  type OAuthCallbackError,
  type OAuthProvider,
  oauthCallbackErrors,
  oauthProviderNames,
  oauthProviders,
} from '@overlap/contract/oauth';

/** Spec 001 §9: the authorization return page moves on after 2 seconds. */
export const RETURN_REDIRECT_MS = 2000;

export type OAuthReturn =
  | { state: 'success'; integrationId: string | null; teamName: string | null; redirectTo: string }
  | { state: 'error'; message: string; retryTo: string };

const isProvider = (value: string): value is OAuthProvider => (oauthProviders as readonly string[]).includes(value);

export const providerName = (provider: string): string =>
  isProvider(provider) ? oauthProviderNames[provider] : provider.charAt(0).toUpperCase() + provider.slice(1);

/** The text of an error code (001 §8); a code we do not know (a provider's own) is shown raw. */
export function errorText(code: string): string {
  return code in oauthCallbackErrors ? oauthCallbackErrors[code as OAuthCallbackError] : code;
}

/** Chat apps connected from the onboarding wizard go on to its plan step. */
const ONBOARDING_PROVIDERS = new Set(['slack', 'microsoft', 'discord']);

/**
 * Reads the query the server callback sent: success goes to the integration (or to onboarding
 * step 2 for a chat app connected during onboarding); failure says why and offers Try Again.
 */
export function readOAuthReturn(provider: string, params: URLSearchParams): OAuthReturn {
  const integrationId = params.get('integrationId') || null;
  const retryTo = integrationId ? `/integrations/${encodeURIComponent(integrationId)}` : '/integrations/add';
  const error = params.get('error');
  if (params.get('success') === 'true' && !error) {
    const onboarding = params.get('onboarding') === 'true' && ONBOARDING_PROVIDERS.has(provider);
    return {
      state: 'success',
      integrationId,
      teamName: params.get('teamName') || null,
      redirectTo: onboarding ? '/onboarding/step2' : integrationId ? retryTo : '/account',
    };
  }
  const message = error
    ? `${providerName(provider)} authorization failed: ${errorText(error)}`
    : 'Authorization was not completed successfully';
  return { state: 'error', message, retryTo };
}
