import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Toaster, toast } from './toaster';

describe('Toaster', () => {
  it('draws nothing until the first toast, then shows it and the ones after it', async () => {
    const { container } = render(<Toaster />);
    expect(container).toBeEmptyDOMElement();
    expect(screen.queryByRole('region')).toBeNull();
    toast.success('Configuration saved');
    expect(await screen.findByText('Configuration saved')).toBeInTheDocument();
    toast.error('Could not save');
    expect(await screen.findByText('Could not save')).toBeInTheDocument();
  });
});
