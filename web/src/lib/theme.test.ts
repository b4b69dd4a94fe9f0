import { act, renderHook } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { initTheme, resolveTheme, setThemePreference, THEME_STORAGE_KEY, useTheme } from './theme';

function mockSystemDark(dark: boolean) {
  vi.stubGlobal(
    'matchMedia',
    vi.fn().mockImplementation((query: string) => ({
      matches: dark && query.includes('dark'),
      media: query,
      addEventListener: vi.fn(),
      removeEventListener: vi.fn(),
    })),
  );
}

describe('theme', () => {
  beforeEach(() => {
    localStorage.clear();
    vi.unstubAllGlobals();
  });

  it('resolves system to the OS preference', () => {
    expect(resolveTheme('system', true)).toBe('dark');
    expect(resolveTheme('system', false)).toBe('light');
    expect(resolveTheme('light', true)).toBe('light');
  });

  it('follows the system without a saved choice, and saves and applies a choice', () => {
    mockSystemDark(true);
    initTheme();
    expect(document.documentElement.classList.contains('dark')).toBe(true);
    const { result } = renderHook(() => useTheme());
    expect(result.current).toEqual({ preference: 'system', resolved: 'dark' });

    act(() => setThemePreference('light'));
    expect(localStorage.getItem(THEME_STORAGE_KEY)).toBe('light');
    expect(document.documentElement.classList.contains('dark')).toBe(false);
    expect(result.current).toEqual({ preference: 'light', resolved: 'light' });

    act(() => setThemePreference('system'));
    expect(localStorage.getItem(THEME_STORAGE_KEY)).toBeNull();
    expect(result.current.resolved).toBe('dark');
  });

  it('restores a saved choice on start', () => {
    mockSystemDark(false);
    localStorage.setItem(THEME_STORAGE_KEY, 'dark');
    initTheme();
    expect(document.documentElement.classList.contains('dark')).toBe(true);
  });
});
