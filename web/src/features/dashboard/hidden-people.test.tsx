import { act, render, screen } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import {
  HIDDEN_PEOPLE_EVENT,
  HIDDEN_PEOPLE_KEY,
  hidePerson,
  readHiddenPeople,
  unhidePerson,
  useHiddenPeople,
} from './hidden-people';

function Probe() {
  const { hidden } = useHiddenPeople();
  return <output>{hidden.join(',') || 'none'}</output>;
}

beforeEach(() => localStorage.clear());

describe('hidden people storage', () => {
  it('keeps the ids under one key, without duplicates', () => {
    hidePerson('a');
    hidePerson('b');
    hidePerson('a');
    expect(JSON.parse(localStorage.getItem(HIDDEN_PEOPLE_KEY) ?? '[]')).toEqual(['a', 'b']);
    unhidePerson('a');
    expect(readHiddenPeople()).toEqual(['b']);
    unhidePerson('b');
    expect(localStorage.getItem(HIDDEN_PEOPLE_KEY)).toBeNull();
  });

  it('treats a malformed value as nobody hidden', () => {
    localStorage.setItem(HIDDEN_PEOPLE_KEY, '{oops');
    expect(readHiddenPeople()).toEqual([]);
    localStorage.setItem(HIDDEN_PEOPLE_KEY, '[1,"x"]');
    expect(readHiddenPeople()).toEqual(['x']);
  });

  it('broadcasts a change event in this tab', () => {
    let fired = 0;
    const on = () => fired++;
    window.addEventListener(HIDDEN_PEOPLE_EVENT, on);
    hidePerson('z');
    window.removeEventListener(HIDDEN_PEOPLE_EVENT, on);
    expect(fired).toBe(1);
  });

  it('updates the hook on local changes and on storage events from other tabs', () => {
    render(<Probe />);
    expect(screen.getByRole('status')).toHaveTextContent('none');
    act(() => hidePerson('p1'));
    expect(screen.getByRole('status')).toHaveTextContent('p1');
    act(() => {
      localStorage.setItem(HIDDEN_PEOPLE_KEY, JSON.stringify(['p1', 'p2']));
      window.dispatchEvent(new StorageEvent('storage', { key: HIDDEN_PEOPLE_KEY }));
    });
    expect(screen.getByRole('status')).toHaveTextContent('p1,p2');
  });
});
