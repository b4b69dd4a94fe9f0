import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { TooltipProvider } from '../ui/tooltip';

/** Renders `element` as the page at `/` of a memory router, inside the tooltip provider, as the app does. */
export function renderInRouter(element: ReactNode) {
  const router = createMemoryRouter([{ path: '/', element: <TooltipProvider>{element}</TooltipProvider> }], {
    initialEntries: ['/'],
  });
  return render(<RouterProvider router={router} />);
}
