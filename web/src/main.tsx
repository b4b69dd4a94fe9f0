import '@fontsource-variable/inter';
import './styles.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import { createQueryClient } from './api/query-client';
import { Providers } from './app/providers';
import { AppRoutes, preloadPage } from './app/router';
import { errorTrackingOfPage, reportError, startErrorTracking } from './lib/error-tracking';
import { initTheme } from './lib/theme';

initTheme();
// Before the first render, so its errors wait for the SDK instead of being lost; signed in or not.
void startErrorTracking(errorTrackingOfPage());
const queryClient = createQueryClient();
preloadPage(window.location.pathname, queryClient);
const root = document.getElementById('root');
if (!root) throw new Error('#root is missing from index.html');
const report = (error: unknown) => {
  console.error(error);
  reportError(error);
};
createRoot(root, { onUncaughtError: report, onCaughtError: report }).render(
  <StrictMode>
    <Providers client={queryClient}>
      <BrowserRouter>
        <AppRoutes />
      </BrowserRouter>
    </Providers>
  </StrictMode>,
);
