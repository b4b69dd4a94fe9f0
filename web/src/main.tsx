import '@fontsource-variable/inter';
import './styles.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { Providers } from './app/providers';
import { createRouter } from './app/router';
import { reportError } from './lib/error-tracking';
import { initTheme } from './lib/theme';

initTheme();
const router = createRouter();
const root = document.getElementById('root');
if (!root) throw new Error('#root is missing from index.html');
const report = (error: unknown) => {
  console.error(error);
  reportError(error);
};
createRoot(root, { onUncaughtError: report, onCaughtError: report }).render(
  <StrictMode>
    <Providers>
      <RouterProvider router={router} />
    </Providers>
  </StrictMode>,
);
