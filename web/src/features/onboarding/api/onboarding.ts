import { type CheckoutSession, type CreateCheckoutSessionBody, checkoutPath } from '@overlap/contract/billing';
import {
  type AvailableChatApps,
  type IntegrationStatusResult,
  onboardingPaths,
  type SelectChatAppBody,
  type SelectChatAppResult,
} from '@overlap/contract/onboarding';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, isApiError } from '../../../api/client';
import { deleteIntegration } from '../../integrations/api/integrations';

/** Every URL the onboarding wizard calls beyond the contract's onboardingPaths. */
export const wizardPaths = {
  ...onboardingPaths,
  checkout: checkoutPath,
} as const;

export const onboardingKeys = {
  chatApps: ['onboarding', 'chat-apps'] as const,
  integrationStatus: (id: string) => ['onboarding', 'integration-status', id] as const,
};

export const chatAppsQuery = queryOptions({
  queryKey: onboardingKeys.chatApps,
  queryFn: ({ signal }) => api<AvailableChatApps>(wizardPaths.availableChatApps, { signal }),
});
export const useChatApps = () => useQuery(chatAppsQuery);

export const fetchIntegrationStatus = (id: string, signal?: AbortSignal) =>
  api<IntegrationStatusResult>(wizardPaths.integrationStatus(id), { signal });

export const selectChatApp = (body: SelectChatAppBody) =>
  api<SelectChatAppResult>(wizardPaths.selectChatApp, { method: 'POST', body });

/** Deletes the wizard's integration; a 404 means it is already gone, which is what we wanted. */
export async function deleteWizardIntegration(id: string): Promise<void> {
  try {
    await deleteIntegration(id);
  } catch (err) {
    if (!isApiError(err, 404)) throw err;
  }
}

export const saveCustomChatApp = (customChatApp: string) =>
  api<{ success: true }>(wizardPaths.customChatApp, { method: 'POST', body: { customChatApp } });

export const startOauth = (provider: string) =>
  api<{ authUrl: string }>(wizardPaths.connectOauth, { method: 'POST', body: { provider } });

export const createCheckoutSession = (body: CreateCheckoutSessionBody) =>
  api<CheckoutSession>(wizardPaths.checkout, { method: 'POST', body });

export const completeOnboarding = () => api<{ success: true }>(wizardPaths.complete, { method: 'POST' });
