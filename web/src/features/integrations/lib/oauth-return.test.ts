import { describe, expect, it } from 'vitest';
import { readOAuthReturn } from './oauth-return';

const read = (provider: string, query: string) => readOAuthReturn(provider, new URLSearchParams(query));
const ID = '6f1c2b1e-8a0e-4f43-9a39-3a0c1c1d2e3f';

describe('readOAuthReturn', () => {
  it('success goes to the integration after the wait', () => {
    expect(read('slack', `success=true&integrationId=${ID}&teamName=Acme`)).toEqual({
      state: 'success',
      integrationId: ID,
      teamName: 'Acme',
      redirectTo: `/integrations/${ID}`,
    });
  });

  it('a chat app connected during onboarding goes to step 2', () => {
    for (const provider of ['slack', 'microsoft', 'discord']) {
      expect(read(provider, `success=true&integrationId=${ID}&onboarding=true`)).toMatchObject({
        redirectTo: '/onboarding/step2',
      });
    }
    expect(read('google', `success=true&integrationId=${ID}&onboarding=true&serviceType=drive`)).toMatchObject({
      redirectTo: `/integrations/${ID}`,
    });
  });

  it.each([
    ['invalid_state', 'Slack authorization failed: Invalid authorization state'],
    ['integration_not_found', 'Slack authorization failed: Integration not found'],
    ['invalid_integration_type', 'Slack authorization failed: Invalid integration type'],
    ['internal_server_error', 'Slack authorization failed: Internal server error occurred'],
    ['missing_parameters', 'Slack authorization failed: Missing required parameters'],
    ['access_denied', 'Slack authorization failed: access_denied'],
  ])('error %s reads "%s"', (code, message) => {
    expect(read('slack', `success=false&error=${code}`)).toEqual({
      state: 'error',
      message,
      retryTo: '/integrations/add',
    });
  });

  it('names each provider in the prefix', () => {
    expect(read('google', 'error=invalid_state')).toMatchObject({
      message: 'Google authorization failed: Invalid authorization state',
    });
    expect(read('github', 'error=x')).toMatchObject({ message: 'GitHub authorization failed: x' });
    expect(read('microsoft', 'error=x')).toMatchObject({ message: 'Microsoft authorization failed: x' });
    expect(read('discord', 'error=x')).toMatchObject({ message: 'Discord authorization failed: x' });
  });

  it('without a success flag or an error the authorization was not completed; Try Again returns to the integration', () => {
    expect(read('slack', `integrationId=${ID}`)).toEqual({
      state: 'error',
      message: 'Authorization was not completed successfully',
      retryTo: `/integrations/${ID}`,
    });
  });
});
