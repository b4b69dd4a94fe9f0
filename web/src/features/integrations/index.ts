/** The integration pages (loaded on demand), and what the account page and the wizard use. */
export const integrationPages = {
  add: () => import('./pages/add-integration-page'),
  oauthCallback: () => import('./pages/oauth-callback-page'),
  integration: () => import('./pages/integration-page'),
};
export { deleteIntegration, useIntegrationList } from './api/integrations';
export { CopyApiKeyButton } from './components/copy-api-key-button';
export { IntegrationIndicator } from './components/integration-indicator';
export { integrationColor } from './lib/color';
export { indicatorState, staleIntegrationsText } from './lib/indicator';
