import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Button } from './button';
import { filterOptions } from './combobox';
import { Field } from './field';
import { Input } from './input';
import { UsageBar, usageLevel } from './progress-bar';
import { listTimezones } from './timezone-combobox';

describe('usageLevel', () => {
  it('is amber above 60% and red above 80%', () => {
    expect(usageLevel(30)).toBe('normal');
    expect(usageLevel(60)).toBe('normal');
    expect(usageLevel(61)).toBe('warning');
    expect(usageLevel(80)).toBe('warning');
    expect(usageLevel(81)).toBe('danger');
  });

  it('renders used / limit with a progressbar', () => {
    render(<UsageBar label="People" used={9} limit={10} />);
    expect(screen.getByRole('progressbar', { name: 'People' })).toHaveAttribute('aria-valuenow', '90');
    expect(screen.getByText('9 / 10')).toBeInTheDocument();
  });
});

describe('Field', () => {
  it('labels the control and ties the error to it', () => {
    render(
      <Field label="Name" required error="Name is required">
        <Input />
      </Field>,
    );
    const input = screen.getByRole('textbox', { name: /Name/ });
    expect(input).toBeRequired();
    expect(input).toBeInvalid();
    expect(input).toHaveAccessibleDescription('Name is required');
  });
});

describe('Button', () => {
  it('is disabled and busy while loading', () => {
    render(<Button loading>Save</Button>);
    const button = screen.getByRole('button', { name: 'Save' });
    expect(button).toBeDisabled();
    expect(button).toHaveAttribute('aria-busy', 'true');
  });
});

describe('Combobox helpers', () => {
  it('filters by every word, ignoring case, slashes and underscores', () => {
    const options = [
      { value: 'America/New_York', label: 'America/New York' },
      { value: 'Europe/London', label: 'Europe/London' },
    ];
    expect(filterOptions(options, 'new york').map((o) => o.value)).toEqual(['America/New_York']);
    expect(filterOptions(options, 'EUROPE lon').map((o) => o.value)).toEqual(['Europe/London']);
    expect(filterOptions(options, '')).toHaveLength(2);
    expect(filterOptions(options, 'tokyo')).toHaveLength(0);
  });

  it('lists IANA timezones with UTC first', () => {
    const zones = listTimezones();
    expect(zones[0]).toBe('UTC');
    expect(zones).toContain('Europe/Berlin');
    expect(new Set(zones).size).toBe(zones.length);
  });
});
