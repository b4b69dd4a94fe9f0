import type { ChatApp, ChatAppAuthType, OnboardingState, SelectChatAppResult } from '@overlap/contract/onboarding';

/** Spec 001 §9: the token status is polled every 2 s for at most 5 minutes. */
export const POLL_INTERVAL_MS = 2000;
export const POLL_LIMIT_MS = 300_000;

/** Spec 001 §4: the integration setup of step 1. */
export type SetupPhase = 'idle' | 'creating' | 'created' | 'connecting' | 'waiting' | 'connected';

export type OnboardingIntegration = OnboardingState['account']['integrations'][number];

/** The chat providers whose integration step 1 restores (spec 001 §4). */
const CHAT_PROVIDERS = ['slack', 'microsoft', 'discord', 'mattermost', 'demo'] as const;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
export const isUuid = (value: string) => UUID.test(value);

/** The newest chat integration of the account, or null when it has none. */
export function newestChatIntegration(integrations: readonly OnboardingIntegration[]): OnboardingIntegration | null {
  let newest: OnboardingIntegration | null = null;
  for (const i of integrations) {
    if (!(CHAT_PROVIDERS as readonly string[]).includes(i.provider)) continue;
    if (!newest || Date.parse(i.createdAt) > Date.parse(newest.createdAt)) newest = i;
  }
  return newest;
}

/**
 * Step 1 is done once an integration is active and activated: it has delivered data, or (OAuth) the
 * owner has authorized it; the demo source needs neither. A token integration is active from
 * creation, so status alone would unlock step 2 before the owner has connected anything.
 */
function isStepOneDone(integration: OnboardingIntegration): boolean {
  return integration.status === 'active' && (integration.isActivated || integration.provider === 'demo');
}

export const hasActiveIntegration = (state: OnboardingState | null | undefined) =>
  Boolean(state?.account.integrations.some(isStepOneDone));

/** Where step 1 sends the visitor on load, or null to stay. */
export function stepOneRedirect(state: OnboardingState | null | undefined, force: string | null): string | null {
  if (!state) return null;
  if (state.onboarding.completed) return '/';
  if (force !== 'true' && hasActiveIntegration(state)) return '/onboarding/step2';
  return null;
}

/** Where step 2 sends the visitor on load, or null to stay. */
export function stepTwoRedirect(state: OnboardingState | null | undefined): string | null {
  if (!state) return null;
  if (state.onboarding.completed) return '/';
  if (!hasActiveIntegration(state)) return '/onboarding/step1';
  return null;
}

/** The phase right after select-chat-app answered (spec 001 §4 "Select a chat app"). */
export function phaseAfterSelect(
  authType: ChatAppAuthType,
  result: Pick<SelectChatAppResult, 'message' | 'integration' | 'apiKey'>,
): SetupPhase {
  const existing = result.message === 'Integration already exists';
  const hasKey = Boolean(result.apiKey ?? result.integration.apiKey);
  // A token integration is active from creation; polling tells whether data has arrived yet.
  if (authType === 'token' && hasKey) return 'waiting';
  if (existing && result.integration.status === 'active') return 'connected';
  if (authType === 'oauth') return 'connecting';
  if (authType === 'token') return 'created';
  return 'connected';
}

/** The chat app a stored integration belongs to. */
export const appOfProvider = (apps: readonly ChatApp[], provider: string) =>
  apps.find((a) => a.provider === provider) ?? null;

/** The custom chat-app name to save, or null when there is nothing worth sending (spec 001 §5). */
export function customChatAppName(input: string): string | null {
  const trimmed = input.trim();
  return trimmed ? trimmed : null;
}

/** True once polling has run for its 5 minutes. */
export const pollingExpired = (startedAt: number, now: number) => now - startedAt >= POLL_LIMIT_MS;
