import { useEffect, useState } from 'react';

/**
 * False until just after the frame the component first appeared in was painted: for what the first
 * screen does not need (the footer's version, the impersonation bar's check), so its requests and
 * renders come after that screen instead of competing with it.
 */
export function useAfterFirstPaint(): boolean {
  const [after, setAfter] = useState(false);
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const frame = requestAnimationFrame(() => {
      timer = setTimeout(() => setAfter(true), 0);
    });
    return () => {
      cancelAnimationFrame(frame);
      if (timer !== undefined) clearTimeout(timer);
    };
  }, []);
  return after;
}
