import '@fontsource-variable/inter';
import './styles.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import { Providers } from './app/providers';
import { AppRoutes, preloadPage } from './app/router';
import { errorTrackingOfPage, reportError, startErrorTracking } from './lib/error-tracking';
import { initTheme } from './lib/theme';

initTheme();
// Before the first render, so its errors wait for the SDK instead of being lost; signed in or not.
void startErrorTracking(errorTrackingOfPage());
preloadPage(window.location.pathname);
const root = document.getElementById('root');
if (!root) throw new Error('#root is missing from index.html');
const report = (error: unknown) => {
  console.error(error);
  reportError(error);
};
createRoot(root, { onUncaughtError: report, onCaughtError: report }).render(
  <StrictMode>
    <Providers>
      <BrowserRouter>
        <AppRoutes />
      </BrowserRouter>
    </Providers>
  </StrictMode>,
);
