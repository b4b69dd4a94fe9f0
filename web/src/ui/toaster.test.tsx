import { render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';

describe('Toaster', () => {
  it('draws nothing until the first toast, then shows it and the ones after it', async () => {
    // A page's first toast: the module as loaded by a page, not as earlier test files left it.
    vi.resetModules();
    const { Toaster, toast } = await import('./toaster');
    const { container } = render(<Toaster />);
    expect(container).toBeEmptyDOMElement();
    expect(screen.queryByRole('region')).toBeNull();
    toast.success('Configuration saved');
    expect(await screen.findByText('Configuration saved')).toBeInTheDocument();
    toast.error('Could not save');
    expect(await screen.findByText('Could not save')).toBeInTheDocument();
  });
});
