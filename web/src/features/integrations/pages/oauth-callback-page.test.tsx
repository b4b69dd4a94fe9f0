import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import OAuthCallbackPage from './oauth-callback-page';

function open(url: string) {
  const router = createMemoryRouter(
    [
      { path: '/integrations/:provider/callback', element: <OAuthCallbackPage /> },
      { path: '/onboarding/step2', element: <p>Plan step</p> },
      { path: '/integrations/:id', element: <p>Integration page</p> },
    ],
    { initialEntries: [url] },
  );
  render(
    <QueryClientProvider client={new QueryClient()}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return router;
}

describe('OAuth return page', () => {
  it('says Slack is connected, names the workspace and moves on to onboarding step 2 after 2 s', async () => {
    const router = open('/integrations/slack/callback?success=true&integrationId=abc&teamName=Acme&onboarding=true');
    expect(await screen.findByRole('heading', { name: 'Slack connected' })).toBeInTheDocument();
    expect(screen.getByText('Acme')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Continue now' })).toHaveAttribute('href', '/onboarding/step2');
    expect(await screen.findByText('Plan step', {}, { timeout: 4000 })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/onboarding/step2');
  });

  it('shows the error text with the provider prefix and Try Again back to the integration', async () => {
    open('/integrations/microsoft/callback?success=false&integrationId=abc&error=invalid_state');
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Microsoft authorization failed: Invalid authorization state',
    );
    expect(screen.getByRole('link', { name: 'Try Again' })).toHaveAttribute('href', '/integrations/abc');
  });

  it('without a success flag says the authorization was not completed and Try Again opens Add integration', async () => {
    open('/integrations/discord/callback');
    expect(await screen.findByRole('alert')).toHaveTextContent('Authorization was not completed successfully');
    expect(screen.getByRole('link', { name: 'Try Again' })).toHaveAttribute('href', '/integrations/add');
  });
});
