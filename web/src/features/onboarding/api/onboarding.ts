import type { CheckoutSession, CreateCheckoutSessionBody } from '@overlap/contract/billing';
import type {
  AvailableChatApps,
  IntegrationStatusResult,
  SelectChatAppBody,
  SelectChatAppResult,
} from '@overlap/contract/onboarding';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, isApiError } from '../../../api/client';
import { apiPaths } from '../../../api/paths';
import { deleteIntegration } from '../../integrations';

export const onboardingKeys = {
  chatApps: ['onboarding', 'chat-apps'] as const,
  integrationStatus: (id: string) => ['onboarding', 'integration-status', id] as const,
};

const chatAppsQuery = queryOptions({
  queryKey: onboardingKeys.chatApps,
  queryFn: ({ signal }) => api<AvailableChatApps>(apiPaths.onboarding.availableChatApps, { signal }),
});
export const useChatApps = () => useQuery(chatAppsQuery);

export const fetchIntegrationStatus = (id: string, signal?: AbortSignal) =>
  api<IntegrationStatusResult>(apiPaths.onboarding.integrationStatus(id), { signal });

export const selectChatApp = (body: SelectChatAppBody) =>
  api<SelectChatAppResult>(apiPaths.onboarding.selectChatApp, { method: 'POST', body });

/** Deletes the wizard's integration; a 404 means it is already gone, which is what we wanted. */
export async function deleteWizardIntegration(id: string): Promise<void> {
  try {
    await deleteIntegration(id);
  } catch (err) {
    if (!isApiError(err, 404)) throw err;
  }
}

export const saveCustomChatApp = (customChatApp: string) =>
  api<{ success: true }>(apiPaths.onboarding.customChatApp, { method: 'POST', body: { customChatApp } });

export const startOauth = (provider: string) =>
  api<{ authUrl: string }>(apiPaths.onboarding.connectOauth, { method: 'POST', body: { provider } });

export const createCheckoutSession = (body: CreateCheckoutSessionBody) =>
  api<CheckoutSession>(apiPaths.billing.checkout, { method: 'POST', body });

export const completeOnboarding = () => api<{ success: true }>(apiPaths.onboarding.complete, { method: 'POST' });
