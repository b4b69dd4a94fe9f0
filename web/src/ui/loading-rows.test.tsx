import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { LoadingRows } from './loading-rows';

describe('LoadingRows', () => {
  it('shows the asked number of placeholder rows under one status label', () => {
    render(<LoadingRows label="Loading users" rows={3} rowClassName="h-12 w-full" />);
    const status = screen.getByRole('status', { name: 'Loading users' });
    expect(status.children).toHaveLength(3);
    expect([...status.children].map((row) => row.classList.contains('h-12'))).toEqual([true, true, true]);
  });
});
