import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { Button } from './button';
import { ConfirmDialog } from './confirm-dialog';

function Harness({ onConfirm, errorOf }: { onConfirm: () => unknown; errorOf?: (e: unknown) => string }) {
  return (
    <ConfirmDialog
      errorOf={errorOf}
      trigger={<Button>Delete block</Button>}
      tone="danger"
      title="Delete activity block?"
      description="Are you sure you want to delete this activity block? This action cannot be undone."
      confirmLabel="Delete"
      onConfirm={onConfirm}
    />
  );
}

function Controlled() {
  const [open, setOpen] = useState(true);
  return (
    <>
      <span>{open ? 'open' : 'closed'}</span>
      <ConfirmDialog
        open={open}
        onOpenChange={setOpen}
        title="Ignore person?"
        description="Their activity data is deleted."
        pending
        onConfirm={() => {}}
      />
    </>
  );
}

describe('ConfirmDialog', () => {
  it('names what is lost and confirms with Enter', async () => {
    const user = userEvent.setup();
    const onConfirm = vi.fn();
    render(<Harness onConfirm={onConfirm} />);
    await user.click(screen.getByRole('button', { name: 'Delete block' }));
    const dialog = screen.getByRole('alertdialog', { name: 'Delete activity block?' });
    expect(dialog).toHaveAccessibleDescription(/cannot be undone/);
    expect(screen.getByRole('button', { name: 'Delete' })).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(onConfirm).toHaveBeenCalledTimes(1);
  });

  it('closes with Escape without confirming', async () => {
    const user = userEvent.setup();
    const onConfirm = vi.fn();
    render(<Harness onConfirm={onConfirm} />);
    await user.click(screen.getByRole('button', { name: 'Delete block' }));
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    expect(onConfirm).not.toHaveBeenCalled();
  });

  it('shows a pending state while the action runs, then closes', async () => {
    const user = userEvent.setup();
    let finish: () => void = () => {};
    const onConfirm = vi.fn(() => new Promise<void>((resolve) => (finish = resolve)));
    render(<Harness onConfirm={onConfirm} />);
    await user.click(screen.getByRole('button', { name: 'Delete block' }));
    await user.click(screen.getByRole('button', { name: 'Delete' }));
    const confirm = screen.getByRole('button', { name: 'Delete' });
    expect(confirm).toBeDisabled();
    expect(confirm).toHaveAttribute('aria-busy', 'true');
    expect(screen.getByRole('button', { name: 'Cancel' })).toBeDisabled();
    await user.keyboard('{Escape}');
    expect(screen.getByRole('alertdialog')).toBeInTheDocument();
    finish();
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
  });

  it('stays open when the action fails', async () => {
    const user = userEvent.setup();
    render(<Harness onConfirm={() => Promise.reject(new Error('nope'))} />);
    await user.click(screen.getByRole('button', { name: 'Delete block' }));
    await user.click(screen.getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Delete' })).toBeEnabled());
    expect(screen.getByRole('alertdialog')).toBeInTheDocument();
  });

  it('shows the failure when given errorOf, and clears it when reopened', async () => {
    const user = userEvent.setup();
    const errorOf = (e: unknown) => (e instanceof Error ? e.message : 'failed');
    render(<Harness onConfirm={() => Promise.reject(new Error('Stop the integration first.'))} errorOf={errorOf} />);
    await user.click(screen.getByRole('button', { name: 'Delete block' }));
    await user.click(screen.getByRole('button', { name: 'Delete' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Stop the integration first.');
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    await user.click(screen.getByRole('button', { name: 'Delete block' }));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('works controlled, with the pending state owned by the caller', async () => {
    const user = userEvent.setup();
    render(<Controlled />);
    expect(screen.getByRole('button', { name: 'Confirm' })).toBeDisabled();
    await user.keyboard('{Escape}');
    expect(screen.getByText('open')).toBeInTheDocument();
  });
});
