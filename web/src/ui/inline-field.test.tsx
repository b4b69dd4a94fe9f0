import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { InlineField, parseInlineValue } from './inline-field';
import { TooltipProvider } from './tooltip';

describe('parseInlineValue (spec 001 §5)', () => {
  it('refuses empty unless allowed, then null', () => {
    expect(parseInlineValue('  ', { type: 'text', allowEmpty: false })).toEqual({
      error: 'This field cannot be empty',
    });
    expect(parseInlineValue('  ', { type: 'number', allowEmpty: true })).toEqual({ value: null });
  });
  it('needs a number in a number field', () => {
    expect(parseInlineValue('ten', { type: 'number', allowEmpty: true })).toEqual({
      error: 'Please enter a valid number',
    });
    expect(parseInlineValue(' 12 ', { type: 'number', allowEmpty: false })).toEqual({ value: 12 });
    expect(parseInlineValue(' Acme ', { type: 'text', allowEmpty: false })).toEqual({ value: 'Acme' });
  });
});

function renderField(props: Partial<Parameters<typeof InlineField>[0]> = {}) {
  const onSave = vi.fn(async () => {});
  render(
    <TooltipProvider>
      <InlineField label="Account name" value="Acme" onSave={onSave} {...props} />
    </TooltipProvider>,
  );
  return { onSave, user: userEvent.setup() };
}

describe('InlineField', () => {
  it('saves on Enter and goes back to view', async () => {
    const { onSave, user } = renderField();
    await user.click(screen.getByRole('button', { name: 'Edit Account name' }));
    const input = screen.getByRole('textbox', { name: 'Account name' });
    await user.clear(input);
    await user.type(input, 'Acme Robotics{Enter}');
    expect(onSave).toHaveBeenCalledWith('Acme Robotics');
    expect(await screen.findByRole('button', { name: 'Edit Account name' })).toBeInTheDocument();
  });

  it('cancels on Escape without a call', async () => {
    const { onSave, user } = renderField();
    await user.click(screen.getByRole('button', { name: 'Edit Account name' }));
    await user.type(screen.getByRole('textbox', { name: 'Account name' }), 'x{Escape}');
    expect(onSave).not.toHaveBeenCalled();
    expect(screen.getByText('Acme')).toBeInTheDocument();
  });

  it('says "This field cannot be empty" and keeps editing', async () => {
    const { onSave, user } = renderField();
    await user.click(screen.getByRole('button', { name: 'Edit Account name' }));
    await user.clear(screen.getByRole('textbox', { name: 'Account name' }));
    await user.keyboard('{Enter}');
    expect(screen.getByRole('alert')).toHaveTextContent('This field cannot be empty');
    expect(onSave).not.toHaveBeenCalled();
  });

  it('shows the failure text when the save is refused and stays open', async () => {
    const onSave = vi.fn(async () => {
      throw new Error('nope');
    });
    const { user } = renderField({ onSave, failureText: 'Failed to update Max People limit' });
    await user.click(screen.getByRole('button', { name: 'Edit Account name' }));
    await user.type(screen.getByRole('textbox', { name: 'Account name' }), '!{Enter}');
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to update Max People limit');
    expect(screen.getByRole('textbox', { name: 'Account name' })).toHaveValue('Acme!');
  });

  it('applies a field rule after the shared ones', async () => {
    const { onSave, user } = renderField({
      label: 'Integration Interval',
      type: 'number',
      allowEmpty: true,
      value: 5,
      validate: (v) => (v === null ? 'Integration interval is required' : null),
    });
    await user.click(screen.getByRole('button', { name: 'Edit Integration Interval' }));
    await user.clear(screen.getByRole('textbox', { name: 'Integration Interval' }));
    await user.keyboard('{Enter}');
    expect(screen.getByRole('alert')).toHaveTextContent('Integration interval is required');
    await user.type(screen.getByRole('textbox', { name: 'Integration Interval' }), 'abc{Enter}');
    expect(screen.getByRole('alert')).toHaveTextContent('Please enter a valid number');
    expect(onSave).not.toHaveBeenCalled();
  });
});
