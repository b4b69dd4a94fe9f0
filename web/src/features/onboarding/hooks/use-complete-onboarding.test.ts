import { act, renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useCompleteOnboarding } from './use-complete-onboarding';

const answer = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

async function flush() {
  await act(async () => {
    await vi.advanceTimersByTimeAsync(0);
  });
}

describe('useCompleteOnboarding', () => {
  it('completes once, shows the button after 0.5 s, says Redirecting after 3 s and leaves 1 s later', async () => {
    vi.useFakeTimers();
    const fetchMock = vi.fn().mockResolvedValue(answer(200, { success: true }));
    vi.stubGlobal('fetch', fetchMock);
    const redirect = vi.fn();
    const { result } = renderHook(() => useCompleteOnboarding(redirect));
    await flush();
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(fetchMock.mock.calls[0]?.[0]).toBe('/api/v1/onboarding/complete');
    expect(result.current.status).toBe('completed');
    expect(result.current.buttonShown).toBe(false);

    await act(() => vi.advanceTimersByTimeAsync(500));
    expect(result.current.buttonShown).toBe(true);
    await act(() => vi.advanceTimersByTimeAsync(2500));
    expect(result.current.redirecting).toBe(true);
    expect(redirect).not.toHaveBeenCalled();
    await act(() => vi.advanceTimersByTimeAsync(1000));
    expect(redirect).toHaveBeenCalledTimes(1);
  });

  it('stays on a failure, and a retry that succeeds starts the redirect', async () => {
    vi.useFakeTimers();
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const fetchMock = vi
      .fn()
      .mockResolvedValueOnce(answer(500, { message: 'boom' }))
      .mockResolvedValueOnce(answer(200, { success: true }));
    vi.stubGlobal('fetch', fetchMock);
    const redirect = vi.fn();
    const { result } = renderHook(() => useCompleteOnboarding(redirect));
    await flush();
    expect(result.current.status).toBe('failed');
    await act(() => vi.advanceTimersByTimeAsync(5000));
    expect(redirect).not.toHaveBeenCalled();

    await act(() => result.current.retry());
    expect(result.current.status).toBe('completed');
    await act(() => vi.advanceTimersByTimeAsync(4000));
    expect(redirect).toHaveBeenCalledTimes(1);
  });
});
