import { useEffect, useState } from 'react';

/** Whole seconds left until `canResendAt` (0 when it has passed or is unknown). */
export function secondsUntil(canResendAt: string | null, now = Date.now()): number {
  if (!canResendAt) return 0;
  return Math.max(0, Math.ceil((Date.parse(canResendAt) - now) / 1000));
}

/** Counts down each second until the invitation may be sent again. */
export function useResendCountdown(canResendAt: string | null): number {
  const [left, setLeft] = useState(() => secondsUntil(canResendAt));
  useEffect(() => {
    setLeft(secondsUntil(canResendAt));
    if (secondsUntil(canResendAt) === 0) return;
    const timer = setInterval(() => {
      const next = secondsUntil(canResendAt);
      setLeft(next);
      if (next === 0) clearInterval(timer);
    }, 1000);
    return () => clearInterval(timer);
  }, [canResendAt]);
  return left;
}

export const resendWaitText = (seconds: number) => `Please wait ${seconds} seconds before resending.`;
